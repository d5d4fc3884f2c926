/**
 * What can still be read from a settings file that is not JSON any more (cut off by a crash or a full disk,
 * or damaged in the middle): every connection whose object is complete, the schema version, the active
 * connection and the remembered mappings if they are whole. The names of connections whose object is not
 * readable are collected, so the clerk is told which ones to check.
 */

export type TornParts = {
  /** Parts in the shape of the settings file, for the usual field-by-field salvage. */
  raw: Record<string, unknown>;
  /** Names (or positions) of connection entries that were started but are not readable. */
  unreadable: string[];
};

export function readTornSettings(text: string): TornParts {
  const raw: Record<string, unknown> = {};
  const version = /"schemaVersion"\s*:\s*(\d+)/.exec(text);
  if (version) raw.schemaVersion = Number(version[1]);
  const active = /"activeConnectionId"\s*:\s*"([^"\\]+)"/.exec(text);
  if (active) raw.activeConnectionId = active[1];
  const mappings = valueAfterKey(text, 'mappings');
  if (mappings !== undefined) raw.mappings = parseOr(mappings);

  const unreadable: string[] = [];
  const list = /"connections"\s*:\s*\[/.exec(text);
  if (list) {
    const connections: unknown[] = [];
    for (const piece of arrayObjects(text, list.index + list[0].length)) {
      const value = piece.complete ? parseOr(piece.text) : undefined;
      if (value === undefined) {
        const name = /"name"\s*:\s*"([^"\\]*)"/.exec(piece.text)?.[1];
        unreadable.push(name ? `„${name}“` : `Nr. ${String(connections.length + unreadable.length + 1)}`);
      } else connections.push(value);
    }
    raw.connections = connections;
  }
  return { raw, unreadable };
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The complete `{…}` or `[…]` value after `"key":`, if there is one. */
function valueAfterKey(text: string, key: string): string | undefined {
  const m = new RegExp(`"${key}"\\s*:\\s*([[{])`).exec(text);
  if (!m) return undefined;
  const start = m.index + m[0].length - 1;
  const end = matchingClose(text, start);
  return end === undefined ? undefined : text.slice(start, end + 1);
}

/** The objects of the array opened just before `from`, until it closes or the text ends (the last may be cut off). */
function arrayObjects(text: string, from: number): { text: string; complete: boolean }[] {
  const out: { text: string; complete: boolean }[] = [];
  let i = from;
  while (i < text.length) {
    const c = text[i];
    if (c === ']') break;
    if (c === '{') {
      const end = matchingClose(text, i);
      out.push({ text: text.slice(i, end === undefined ? text.length : end + 1), complete: end !== undefined });
      if (end === undefined) break;
      i = end + 1;
    } else i++;
  }
  return out;
}

/** Index of the bracket closing the one at `start`, skipping strings; undefined if the text ends first. */
function matchingClose(text: string, start: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return undefined;
}
