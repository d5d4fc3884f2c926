/**
 * How much of a rejected value a message repeats. A value can be as long as a clerk's paste or a crafted request
 * (10,000 characters); repeating it whole buries the message and bloats every log and reply that carries it.
 */
export const ECHO_MAX = 80;

/** The first ECHO_MAX characters of `text`, with "…" where it was cut (whole code points, never half a pair). */
export function echo(text: string): string {
  // UTF-16 length ≥ code points, so a short text needs no splitting (paths are formatted in hot loops).
  if (text.length <= ECHO_MAX) return text;
  const chars = Array.from(text);
  return chars.length <= ECHO_MAX ? text : `${chars.slice(0, ECHO_MAX).join('')}…`;
}

/** Cuts every quoted value („…“ or "…") in a message that is longer than ECHO_MAX. */
export function cutQuoted(message: string): string {
  if (message.length <= ECHO_MAX) return message;
  return message
    .replace(/„([^“]*)“/g, (_m, inner: string) => `„${echo(inner)}“`)
    .replace(/"([^"]*)"/g, (_m, inner: string) => `"${echo(inner)}"`);
}
