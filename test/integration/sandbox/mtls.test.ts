import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'selfsigned';
import { Agent, fetch } from 'undici';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { tempDir } from '@test/integration/sandbox/helpers';

type Pems = Awaited<ReturnType<typeof generate>>;

let sandbox: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let ca: Pems;
let client: Pems;
let stranger: Pems;
const agents: Agent[] = [];

const caOptions = {
  keyType: 'ec' as const,
  algorithm: 'sha256',
  extensions: [
    { name: 'basicConstraints' as const, cA: true, critical: true },
    { name: 'keyUsage' as const, keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
  ],
};

function signedBy(issuer: Pems, cn: string): Promise<Pems> {
  return generate([{ name: 'commonName', value: cn }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ca: { key: issuer.private, cert: issuer.cert },
  });
}

function agent(withCert?: Pems): Agent {
  const a = new Agent({
    connect: withCert ? { ca: ca.cert, cert: withCert.cert, key: withCert.private } : { ca: ca.cert },
  });
  agents.push(a);
  return a;
}

async function tokenStatus(dispatcher: Agent): Promise<number> {
  const res = await fetch(`${sandbox.url}/oauth/token`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
  });
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  dir = await tempDir();
  ca = await generate([{ name: 'commonName', value: 'Demo-MSC Test-CA' }], caOptions);
  const otherCa = await generate([{ name: 'commonName', value: 'Fremde CA' }], caOptions);
  const server = await signedBy(ca, 'localhost');
  client = await signedBy(ca, 'kostenbruecke-test');
  stranger = await signedBy(otherCa, 'kostenbruecke-test');
  sandbox = await startSandbox({ dataDir: dir.path, tls: { key: server.private, cert: server.cert, ca: ca.cert } });
});

afterAll(async () => {
  await Promise.all(agents.map((a) => a.close()));
  await sandbox.close();
  await dir.remove();
});

describe('mTLS mode', () => {
  it('serves HTTPS to a client with a certificate signed by the configured CA', async () => {
    expect(sandbox.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(await tokenStatus(agent(client))).toBe(200);
  });

  it('refuses the handshake without a client certificate or with one from another CA', async () => {
    await expect(tokenStatus(agent())).rejects.toThrow();
    await expect(tokenStatus(agent(stranger))).rejects.toThrow();
  });
});
