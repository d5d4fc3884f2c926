/** URL of the Nutzer und Mieterwechsel screen of one property; `?unit=` selects a usage unit (its MSC number). */
export const tenantsPath = (connectionId: string, billingunit: string, unit?: string): string =>
  `/liegenschaften/${encodeURIComponent(connectionId)}/${encodeURIComponent(billingunit)}/nutzer` +
  (unit === undefined ? '' : `?unit=${encodeURIComponent(unit)}`);
