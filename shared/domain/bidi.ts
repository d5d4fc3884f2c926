/**
 * Bidi control characters (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, U+200E/U+200F marks).
 * In a name they are invisible, yet a right-to-left override flips the rest of the line it is shown in, so
 * "Wohnung 3‮ 1.OG" can read like another unit. Imports strip them and say so at the row.
 */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const HAS_BIDI_CONTROL = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export function hasBidiControls(text: string): boolean {
  return HAS_BIDI_CONTROL.test(text);
}

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
