/** Handlers of the `osr:*` channels: On-Site-Roles per usage unit, their deliveries and the OSR log. */
import type { Template } from '@shared/msc/billing-input';
import { osrStatusOf } from '@shared/domain/osr';
import type { OsrUnitRecord } from '@shared/domain/osr';
import { rolesFromTemplate } from '@shared/domain/osr-template';
import type { OsrUnitView } from '@shared/ipc/channels/osr';
import type { Handlers } from '@main/ipc/gate';
import type { Workspaces } from '@main/app/workspaces';
import type { MscClient } from '@main/services/msc-client/index';

type OsrHandlers = Pick<Handlers, `osr:${string}` & keyof Handlers>;

/** The newest OPEN period's template (else the newest at all): what the MSC currently holds as billing recipients. */
async function basisTemplate(client: MscClient, billingunit: string): Promise<Template | undefined> {
  const periods = await client.listBillingPeriods(billingunit);
  const newest = [...periods].sort((a, b) => (a.to < b.to ? 1 : a.to > b.to ? -1 : 0));
  const basis = newest.find((p) => p.status === 'OPEN') ?? newest[0];
  return basis ? client.getTemplate(billingunit, basis.to) : undefined;
}

type UnitName = { pm?: string; positiontext?: string };

/** Usage units by MSC number from the matching (if any), the template and what is on record here. */
async function unitNames(client: MscClient, billingunit: string, template: Template | undefined): Promise<Map<string, UnitName>> {
  const names = new Map<string, UnitName>();
  for (const r of template?.billingrecipients ?? []) names.set(r.residentialunitMscnumber, { pm: r.residentialunitPmnumber });
  // A property never sent for matching has no matching result; the template still names its units.
  const matching = await client.getMatchingResult(billingunit).catch(() => undefined);
  for (const m of matching?.matched ?? []) {
    names.set(m.residentialunitMscnumber, {
      pm: m.residentialunitPmnumber,
      ...('positiontext' in m && typeof m.positiontext === 'string' ? { positiontext: m.positiontext } : {}),
    });
  }
  return names;
}

function viewOf(
  msc: string,
  name: UnitName | undefined,
  template: Template | undefined,
  record: OsrUnitRecord | undefined,
): OsrUnitView {
  const atMsc = template ? rolesFromTemplate(template.billingrecipients, msc) : undefined;
  const d = record?.delivery;
  const current = record?.pending?.roles ?? d?.roles ?? record?.delivered?.roles ?? atMsc;
  const pm = name?.pm ?? record?.residentialunitPmnumber;
  return {
    residentialunitMscnumber: msc,
    ...(pm ? { residentialunitPmnumber: pm } : {}),
    ...(name?.positiontext ? { positiontext: name.positiontext } : {}),
    ...(atMsc ? { atMsc } : {}),
    ...(record ? { record } : {}),
    status: osrStatusOf(record),
    ...(current ? { current } : {}),
  };
}

export function osrHandlers(ws: Workspaces): OsrHandlers {
  const osr = async (connectionId: string) => (await ws.workspace(connectionId)).osr;
  return {
    'osr:units': async ({ connectionId, billingunit }) => {
      const client = await ws.client(connectionId);
      const template = await basisTemplate(client, billingunit);
      const names = await unitNames(client, billingunit, template);
      const records = new Map((await osr(connectionId)).list({ billingunit }).map((r) => [r.residentialunit, r]));
      const all = [...new Set([...names.keys(), ...records.keys()])].sort();
      return {
        billingunit,
        ...(template ? { basisPeriodTo: template.billingperiod.to } : {}),
        units: all.map((msc) => viewOf(msc, names.get(msc), template, records.get(msc))),
      };
    },
    'osr:records': async ({ connectionId, billingunit }) =>
      (await osr(connectionId)).list(billingunit === undefined ? {} : { billingunit }),
    'osr:save': async ({ connectionId, ...input }) => (await osr(connectionId)).save(input),
    'osr:discard': async ({ connectionId, billingunit, residentialunit }) =>
      (await osr(connectionId)).discard(billingunit, residentialunit),
    'osr:deliver': async ({ connectionId, billingunit, residentialunit }) =>
      (await osr(connectionId)).deliver(billingunit, residentialunit),
    'osr:deliver-all': async ({ connectionId, billingunit }) => (await osr(connectionId)).deliverAll(billingunit),
    'osr:history': async ({ connectionId, billingunit, residentialunit }) =>
      (await ws.workspace(connectionId)).osrLog.list({
        ...(billingunit === undefined ? {} : { billingunit }),
        ...(residentialunit === undefined ? {} : { residentialunit }),
      }),
    'osr:history-entry': async ({ connectionId, id }) => (await (await ws.workspace(connectionId)).osrLog.read(id)) ?? null,
    'osr:read-back': async ({ connectionId, billingunit, residentialunit }) =>
      (await (await ws.client(connectionId)).getOnSiteRoles(billingunit, residentialunit)) ?? null,
  };
}
