import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { decideNavigation, isAllowedExternalUrl } from '@main/security';
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { createMainWindow } from '@main/window';
import { CONTENT_SECURITY_POLICY } from '@main/bridge/http-util';

describe('isAllowedExternalUrl', () => {
  it.each([
    ['https://www.bved.info/', true],
    ['https://bved.info/webservices', true],
    ['https://www.ista.com/de/', true],
    ['https://service.techem.de/login', true],
    ['HTTPS://WWW.KALO.DE/', true],
    ['http://www.bved.info/', false],
    ['https://bved.info.evil.example/', false],
    ['https://evilbved.info/', false],
    ['https://user:pw@bved.info/', false],
    ['https://bved.info:8443/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>1</script>', false],
    ['smb://fileserver/share', false],
    ['ms-excel:ofe|u|https://bved.info/x.xlsx', false],
    ['not a url', false],
    ['', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedExternalUrl(url)).toBe(allowed);
  });

  it('uses only the given allow-list', () => {
    expect(isAllowedExternalUrl('https://docs.example/', ['docs.example'])).toBe(true);
    expect(isAllowedExternalUrl('https://www.bved.info/', ['docs.example'])).toBe(false);
  });

  it('never lets the window navigate; allow-listed links open outside', () => {
    expect(decideNavigation('https://evil.example/')).toBe('deny');
    expect(decideNavigation('file:///C:/Users/Public/phish.html')).toBe('deny');
    expect(decideNavigation('https://www.bved.info/')).toBe('open-external');
  });
});

describe('window defaults', () => {
  it('isolate the page: context isolation, sandbox, no Node, no webviews', async () => {
    const made: BrowserWindowConstructorOptions[] = [];
    // Stands in for Electron's class: records the options and loads nothing.
    class FakeWindow {
      constructor(options: BrowserWindowConstructorOptions) {
        made.push(options);
      }
      once(): void {}
      loadFile(): Promise<void> {
        return Promise.resolve();
      }
    }
    await createMainWindow(FakeWindow as unknown as typeof BrowserWindow, {
      preload: '/app/out/preload/preload.cjs',
      rendererIndex: '/app/out/renderer/index.html',
    });
    const prefs = made[0]?.webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
  });
});

describe('Content-Security-Policy', () => {
  // The built page is checked end to end (test/e2e/app.spec.ts), where the renderer is always built first.
  it('is set strictly in renderer/index.html', () => {
    const html = readFileSync('renderer/index.html', 'utf8');
    const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
    expect(match).not.toBeNull();
    const csp = match![1]!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('matches the header the browser bridge sends, apart from frame-ancestors (not allowed in a meta tag)', () => {
    const html = readFileSync('renderer/index.html', 'utf8');
    const meta = /content="([^"]+)"/.exec(html.slice(html.indexOf('Content-Security-Policy')))![1]!;
    expect(CONTENT_SECURITY_POLICY.replace("; frame-ancestors 'none'", '')).toBe(meta);
  });
});
