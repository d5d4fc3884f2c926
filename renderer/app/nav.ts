/** The side navigation's destinations, in the order a clerk works through them. */
export const NAV_ITEMS = [
  { path: '/', labelKey: 'nav.overview' },
  { path: '/liegenschaften', labelKey: 'nav.units' },
  { path: '/abrechnung', labelKey: 'nav.billing' },
  { path: '/archiv', labelKey: 'nav.archive' },
  { path: '/einstellungen', labelKey: 'nav.settings' },
] as const;
