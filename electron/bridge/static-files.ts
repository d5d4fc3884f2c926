/** Serves the built renderer from one folder and nothing outside it, whatever the URL path says. */
import { realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a request path (still percent-encoded, without query) to a file inside `root`, or `null`.
 * Rejects `..` segments before and after decoding, backslashes, NUL bytes, and symlinks leading out of root.
 */
export async function resolveStaticFile(root: string, rawPath: string): Promise<string | null> {
  if (!rawPath.startsWith('/')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.')) return null;
  const relative = segments.length === 0 ? 'index.html' : segments.join(sep);
  const base = resolve(root);
  const candidate = resolve(join(base, relative));
  if (candidate !== base && !candidate.startsWith(base + sep)) return null;
  try {
    const [realBase, realFile] = await Promise.all([realpath(base), realpath(candidate)]);
    if (!realFile.startsWith(realBase + sep)) return null;
    const info = await stat(realFile);
    return info.isFile() ? realFile : null;
  } catch {
    return null;
  }
}
