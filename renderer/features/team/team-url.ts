/** A pasted `postgres://user:password@host:port/database?sslmode=…` address split into the form's fields. */
export type UrlFields = { host: string; port: number; database: string; user: string; tls: boolean; password?: string };

export function formFromUrl(raw: string): UrlFields | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') return undefined;
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const user = decodeURIComponent(url.username);
  if (!url.hostname || !database || !user) return undefined;
  const sslmode = url.searchParams.get('sslmode');
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : 5432,
    database,
    user,
    // Without sslmode an office server is assumed to want encryption; `disable`/`prefer`/`allow` switch it off.
    tls: sslmode === null || !['disable', 'prefer', 'allow'].includes(sslmode),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
  };
}
