/** Raw HTTP against the bridge: node:http sends the path and headers exactly as given (fetch would normalise them). */
import { request } from 'node:http';

export type RawReply = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

export function raw(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawReply> {
  // Node frames a body of GET, HEAD, DELETE and OPTIONS only when told its length; unframed it would be read as the
  // start of the next request on the connection.
  const headers =
    options.body !== undefined && !Object.keys(options.headers ?? {}).some((h) => h.toLowerCase() === 'content-length')
      ? { ...options.headers, 'Content-Length': String(Buffer.byteLength(options.body)) }
      : options.headers;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers, setHost: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
