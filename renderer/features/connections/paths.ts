/** Addresses of the connection screens under Einstellungen (route vocabulary in the brief). */
export const SETTINGS_PATH = '/einstellungen';
/** The `:connectionId` that opens an empty form instead of an existing connection. */
export const NEW_CONNECTION = 'neu';

export const connectionPath = (id: string): string => `${SETTINGS_PATH}/verbindungen/${encodeURIComponent(id)}`;
