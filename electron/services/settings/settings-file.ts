/**
 * Reading the settings file leniently: the zod `Settings` schema decides what is valid; whatever is
 * not is dropped field by field (defaults merged) and reported, after the original file has been
 * copied aside so nothing the user configured is lost.
 */
import { describeIssues } from '@shared/msc/primitives';
import {
  Connection,
  DEMO_CLIENT,
  DEMO_CONNECTION_ID,
  SETTINGS_VERSION,
  Settings,
  type SettingsProblem,
} from '@shared/domain/connection';
import { moveAsideCorrupt, writeJsonAtomic } from '@main/lib/atomic-file';
import { readTornSettings } from '@main/services/settings/torn-settings';

/** The part of the `conf` API that electron-store shares: the whole store as one object, and its file. */
export type SettingsBackend = { store: Record<string, unknown>; readonly path: string };

export type ReadOutcome = {
  settings: Settings;
  problems: SettingsProblem[];
  /** No usable settings existed: defaults (the demo connection) were created and need their secret. */
  seeded: boolean;
  /** The file differs from `settings` and should be rewritten. */
  dirty: boolean;
};

// conf keeps its migration bookkeeping under this key; it is not ours to validate.
const CONF_INTERNAL_KEY = '__internal__';
const UNREADABLE_KEY = '__unreadable__';

/**
 * Pass as `deserialize` to conf / electron-store. Their constructors read the file and would throw on
 * broken JSON before the store could set the file aside; with this, the text reaches readSettings.
 */
export function deserializeSettings(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : { [UNREADABLE_KEY]: text };
  } catch {
    return { [UNREADABLE_KEY]: text };
  }
}

export function defaultSettings(now: Date): Settings {
  const at = now.toISOString();
  return {
    schemaVersion: SETTINGS_VERSION,
    connections: [
      {
        id: DEMO_CONNECTION_ID,
        name: 'Demo-Messdienst',
        mscCode: '99',
        target: { kind: 'embedded-demo' },
        profile: 'bved-v1',
        // The demo MSC's stated cut-off for tenant changes (docs/deadlines.md).
        tenantChangeCutoffDay: 15,
        auth: { kind: 'oauth2-client-credentials', clientId: DEMO_CLIENT.clientId },
        hasSecret: true,
        createdAt: at,
        updatedAt: at,
      },
    ],
    activeConnectionId: DEMO_CONNECTION_ID,
    mappings: {},
  };
}

export async function readSettings(backend: SettingsBackend, now: Date): Promise<ReadOutcome> {
  const problems: SettingsProblem[] = [];
  let raw: Record<string, unknown> | undefined;
  try {
    raw = { ...backend.store };
  } catch (err) {
    if (!(err instanceof Error) || err.name !== 'SyntaxError') throw err;
  }
  if (raw === undefined || UNREADABLE_KEY in raw) {
    const text = typeof raw?.[UNREADABLE_KEY] === 'string' ? raw[UNREADABLE_KEY] : '';
    const movedTo = await moveAsideCorrupt(backend.path, now);
    return tornOutcome(text, { file: backend.path, movedTo, at: now.toISOString() }, now);
  }
  const { [CONF_INTERNAL_KEY]: _internal, ...ours } = raw;
  if (Object.keys(ours).length === 0) return { settings: defaultSettings(now), problems, seeded: true, dirty: true };

  const whole = Settings.safeParse(ours);
  if (whole.success) return { settings: whole.data, problems, seeded: false, dirty: false };

  const { settings, notes } = salvage(ours);
  const movedTo = `${backend.path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
  await writeJsonAtomic(movedTo, raw);
  problems.push({
    file: backend.path,
    movedTo,
    message: `Die Einstellungsdatei enthielt ungültige Angaben; diese wurden verworfen (Original gesichert unter ${movedTo}): ${notes.join('; ')}`,
    at: now.toISOString(),
  });
  return { settings, problems, seeded: false, dirty: true };
}

/**
 * A settings file that is not JSON any more: the connections still readable in it are kept, and the clerk is
 * told which were kept and which to check; with none readable, the defaults (the demo connection) apply.
 */
function tornOutcome(text: string, where: Pick<SettingsProblem, 'file' | 'movedTo' | 'at'>, now: Date): ReadOutcome {
  const torn = readTornSettings(text);
  const { settings, notes } = salvage(torn.raw);
  const check = [...torn.unreadable, ...notes.filter((n) => n.startsWith('Verbindung '))].join(', ');
  const movedTo = where.movedTo ?? '';
  const aside = `Die Einstellungsdatei war beschädigt und wurde beiseitegelegt${movedTo ? ` (${movedTo})` : ''}`;
  const toCheck = check ? ` Bitte prüfen Sie in den Einstellungen: ${check}.` : '';
  if (settings.connections.length === 0) {
    const problem: SettingsProblem = check
      ? {
          ...where,
          key: 'settingsDefaultsCheck',
          params: { movedTo, check },
          message: `${aside}; es gelten die Voreinstellungen.${toCheck}`,
        }
      : { ...where, key: 'settingsDefaults', params: { movedTo }, message: `${aside}; es gelten die Voreinstellungen.` };
    return { settings: defaultSettings(now), problems: [problem], seeded: true, dirty: true };
  }
  const kept = settings.connections.map((c) => `„${c.name}“`).join(', ');
  // Cut off after a complete connection, the file may have held more: the clerk is asked to look.
  const problem: SettingsProblem = check
    ? {
        ...where,
        key: 'settingsTornCheck',
        params: { movedTo, kept, check },
        message: `${aside}. Übernommen: ${kept}.${toCheck}`,
      }
    : {
        ...where,
        key: 'settingsTorn',
        params: { movedTo, kept },
        message: `${aside}. Übernommen: ${kept}. Bitte prüfen Sie in den Einstellungen, ob Verbindungen fehlen.`,
      };
  return { settings, problems: [problem], seeded: false, dirty: true };
}

/** Keeps every part of `raw` that is valid on its own and lists what was dropped. */
function salvage(raw: Record<string, unknown>): { settings: Settings; notes: string[] } {
  const notes: string[] = [];
  if (raw.schemaVersion !== SETTINGS_VERSION) {
    const version = raw.schemaVersion === undefined ? 'fehlt' : JSON.stringify(raw.schemaVersion);
    notes.push(`Version der Einstellungen ${version} statt ${String(SETTINGS_VERSION)}`);
  }

  const connections: Connection[] = [];
  const rawConnections = Array.isArray(raw.connections) ? (raw.connections as unknown[]) : [];
  if (!Array.isArray(raw.connections)) notes.push('die Liste der Verbindungen fehlte');
  rawConnections.forEach((entry, i) => {
    const parsed = Connection.safeParse(entry);
    const label = describeEntry(entry, i);
    if (!parsed.success) notes.push(`${label} verworfen (${describeIssues(parsed.error).join(', ')})`);
    else if (connections.some((c) => c.id === parsed.data.id)) notes.push(`${label} verworfen (ID doppelt)`);
    else connections.push(parsed.data);
  });

  let activeConnectionId: string | null = null;
  if (typeof raw.activeConnectionId === 'string' && connections.some((c) => c.id === raw.activeConnectionId)) {
    activeConnectionId = raw.activeConnectionId;
  } else if (raw.activeConnectionId != null) notes.push('die gewählte Verbindung gibt es nicht mehr');

  const mappings: Settings['mappings'] = {};
  if (isRecord(raw.mappings)) {
    for (const [connectionId, kinds] of Object.entries(raw.mappings)) {
      if (isRecord(kinds)) mappings[connectionId] = kinds;
      else notes.push(`gemerkte Zuordnungen der Verbindung „${connectionId}“ verworfen`);
    }
  } else if (raw.mappings !== undefined) notes.push('gemerkte Zuordnungen verworfen');

  return { settings: { schemaVersion: SETTINGS_VERSION, connections, activeConnectionId, mappings }, notes };
}

function describeEntry(entry: unknown, index: number): string {
  const name = isRecord(entry) && typeof entry.name === 'string' ? ` „${entry.name}“` : '';
  return `Verbindung ${String(index + 1)}${name}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
