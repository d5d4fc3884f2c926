/** URLs of the Liegenschaften screens (route vocabulary in the brief: `/liegenschaften/:connectionId/:billingunit`). */
export const UNITS_PATH = '/liegenschaften';

export const unitPath = (connectionId: string, billingunit: string): string =>
  `${UNITS_PATH}/${encodeURIComponent(connectionId)}/${encodeURIComponent(billingunit)}`;
