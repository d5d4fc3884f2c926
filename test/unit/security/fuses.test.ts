/** The installers flip Electron's fuses that would let another program run or attach to a clerk's app. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const config = parse(readFileSync(join(import.meta.dirname, '../../../electron-builder.yml'), 'utf8')) as {
  electronFuses?: Record<string, boolean>;
};

describe('electron-builder fuses', () => {
  it('disable running as Node, NODE_OPTIONS and the inspect arguments; enable cookie encryption and ASAR integrity', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });
});
