/**
 * Security rules for every web contents of the app (Electron security checklist,
 * https://www.electronjs.org/docs/latest/tutorial/security): no new windows, no navigation away from our page,
 * no webviews, no permission grants. Links to a few known sites open in the default browser instead.
 * Electron is used through types only and handed in by main.ts, so the predicates here run under Vitest.
 */
import type { App, Session, Shell } from 'electron';

/** Sites the app may link to: bved and the measuring services' own pages. */
export const EXTERNAL_HOSTS: readonly string[] = [
  'bved.info',
  'ista.com',
  'ista.de',
  'techem.de',
  'brunata-minol.de',
  'minol.de',
  'kalo.de',
  'kalorimeta.de',
];

/** https only, no user info, no odd port, host in the allow-list (or a subdomain of it). */
export function isAllowedExternalUrl(text: string, hosts: readonly string[] = EXTERNAL_HOSTS): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

export type NavigationDecision = 'deny' | 'open-external';

/** Any navigation of the app window is refused; allow-listed links go to the default browser. */
export function decideNavigation(url: string): NavigationDecision {
  return isAllowedExternalUrl(url) ? 'open-external' : 'deny';
}

export function applySecurity({ app, session, shell }: { app: App; session: Session; shell: Shell }): void {
  const openOutside = (url: string) => {
    if (decideNavigation(url) === 'open-external') void shell.openExternal(url);
  };
  session.setPermissionRequestHandler((_contents, _permission, callback) => {
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      openOutside(url);
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event, url) => {
      event.preventDefault();
      openOutside(url);
    });
    contents.on('will-redirect', (event) => {
      event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => {
      event.preventDefault();
    });
  });
}
