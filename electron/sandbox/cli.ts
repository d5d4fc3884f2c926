/**
 * `npm run sandbox -- --port 8787 --data ./msc-data [--reset] [--seed-large N] [--bill-after SECONDS]` starts the demo MSC;
 * `npm run sandbox -- operator …` runs an operator command against a running one (see operator-cli.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox } from '@main/sandbox/index';
import type { SandboxOptions } from '@main/sandbox/index';
import { runOperatorCli } from '@main/sandbox/operator-cli';
import { DEMO_CLIENT, OTHER_CLIENT } from '@main/sandbox/seed';
import { PATH_PROFILES, operations, TOKEN_PATH } from '@shared/msc/operations';

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'operator') return runOperatorCli(argv.slice(1));
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: './msc-data' },
      reset: { type: 'boolean', default: false },
      'seed-large': { type: 'string' },
      'bill-after': { type: 'string' },
      'tls-key': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-ca': { type: 'string' },
    },
  });
  const port = Number(values.port);
  const seedLarge = values['seed-large'] === undefined ? undefined : Number(values['seed-large']);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port „${values.port}“ ist kein gültiger Port.`);
  if (seedLarge !== undefined && (!Number.isInteger(seedLarge) || seedLarge < 0)) {
    throw new Error(`--seed-large „${String(values['seed-large'])}“ muss eine ganze Zahl ≥ 0 sein.`);
  }
  const opts: SandboxOptions = { port, host: values.host, dataDir: resolve(values.data), reset: values.reset };
  if (seedLarge !== undefined) opts.seedLarge = seedLarge;
  if (values['bill-after'] !== undefined) {
    const seconds = Number(values['bill-after']);
    if (!Number.isFinite(seconds) || seconds < 0)
      throw new Error(`--bill-after „${values['bill-after']}“ muss eine Zahl von Sekunden ≥ 0 sein.`);
    opts.billAfterMs = seconds * 1000;
  }
  const [key, cert, ca] = [values['tls-key'], values['tls-cert'], values['tls-ca']];
  if (key !== undefined || cert !== undefined || ca !== undefined) {
    if (key === undefined || cert === undefined || ca === undefined)
      throw new Error('--tls-key, --tls-cert und --tls-ca gehören zusammen.');
    opts.tls = { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8'), ca: readFileSync(ca, 'utf8') };
  }

  const sandbox = await startSandbox(opts);
  const profiles = PATH_PROFILES.map(
    (p) => `  ${p}: ${operations.listBillingUnits.paths[p]}, ${operations.getTemplate.paths[p]}`,
  );
  console.log(
    [
      'Demo-Messdienst läuft unter:',
      sandbox.url,
      'Pfadprofile:',
      ...profiles,
      `Token-URL: ${sandbox.url}${TOKEN_PATH} (grant_type=client_credentials)`,
      `Demo-Client: client_id=${DEMO_CLIENT.clientId} client_secret=${DEMO_CLIENT.clientSecret} (Kunde ${DEMO_CLIENT.customerMscnumber})`,
      `Zweiter Client: client_id=${OTHER_CLIENT.clientId} client_secret=${OTHER_CLIENT.clientSecret} (Kunde ${OTHER_CLIENT.customerMscnumber})`,
      `Operator-Token: ${sandbox.operatorToken}`,
      `Daten: ${opts.dataDir}${seedLarge ? ` (+${String(seedLarge)} Liegenschaften)` : ''}`,
      'Beenden mit Strg+C.',
    ].join('\n'),
  );

  await new Promise<void>((done) => {
    const stop = (): void => {
      void sandbox.close().then(done);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  console.log('Demo-Messdienst beendet.');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`Demo-Messdienst konnte nicht starten: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
