/** A tenant change in the demo world: 100200301, unit 0002 (Thomas Schneider since 2012) with two months' vacancy. */
import type { OnSiteRoles } from '@shared/msc/on-site-roles';

export const PROPERTY = '100200301';

export function tenantChange(): OnSiteRoles {
  return {
    partners: [
      { partnerPmnumber: 'P-301-002', name: 'Schneider', firstname: 'Thomas', commercial: false },
      { partnerPmnumber: 'E-301', name: 'Karl-Heine GmbH', commercial: true },
      { partnerPmnumber: 'P-301-020', name: 'Yilmaz', firstname: 'Elif', commercial: false },
    ],
    billingcontracts: [
      {
        validfrom: '2012-09-01',
        validto: '2025-04-30',
        vacancy: false,
        billingrecipient: { partnerPmnumber: 'P-301-002', owner: false },
      },
      {
        validfrom: '2025-05-01',
        validto: '2025-06-30',
        vacancy: true,
        billingrecipient: { partnerPmnumber: 'E-301', owner: true },
      },
      { validfrom: '2025-07-01', vacancy: false, billingrecipient: { partnerPmnumber: 'P-301-020', owner: false } },
    ],
    consumptioninformationcontracts: [
      { validfrom: '2012-09-01', validto: '2025-04-30', partnerPmnumber: 'P-301-002' },
      { validfrom: '2025-07-01', partnerPmnumber: 'P-301-020' },
    ],
  };
}

export const osrPath = (unit: string, profile: 'seed' | 'bved-v1' = 'bved-v1', property = PROPERTY): string =>
  `${profile === 'seed' ? '' : '/onsiteroles/v2'}/billingunits/${property}/residentialunits/${unit}/on-site-roles`;
