/**
 * `npm run sandbox -- operator <command> --url URL --token TOKEN …`: the operator's side of the demo MSC
 * from a terminal (list and resolve manual matching work, advance timers, set a period's status).
 */
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AdvanceReply,
  ArgeResultsReply,
  ManualWorkList,
  OPERATOR_PATHS,
  PeriodStatusBody,
  ResolveReply,
  WorldView,
} from '@shared/msc/operator';
import type { ResolveBody } from '@shared/msc/operator';

const USAGE = `Operator-Befehle des Demo-Messdienstes:
  operator list     --url URL --token TOKEN
  operator world    --url URL --token TOKEN
  operator resolve  --url URL --token TOKEN --billingunit NR --pm ORDNUNGSBEGRIFF --msc NUTZERNR
  operator reject   --url URL --token TOKEN --billingunit NR --pm ORDNUNGSBEGRIFF
  operator advance  --url URL --token TOKEN [--billingunit NR]
  operator period   --url URL --token TOKEN --billingunit NR --to JJJJ-MM-TT --status OPEN|COMMISSIONED|BILLED
  operator arge-results --url URL --token TOKEN --billingunit NR --to JJJJ-MM-TT --out ORDNER
                    (schreibt D-, E835-, E898-Datei und die PDFs eines abgerechneten Zeitraums in ORDNER)`;

type Request = { method: 'GET' | 'POST'; path: string; body?: Record<string, unknown> };

function requestFor(command: string, v: Record<string, string | undefined>): Request {
  const need = (name: string): string => {
    const value = v[name];
    if (value === undefined || value === '') throw new Error(`--${name} fehlt.\n\n${USAGE}`);
    return value;
  };
  switch (command) {
    case 'list':
      return { method: 'GET', path: OPERATOR_PATHS.manual };
    case 'world':
      return { method: 'GET', path: OPERATOR_PATHS.world };
    case 'resolve':
      return {
        method: 'POST',
        path: OPERATOR_PATHS.resolve,
        body: {
          billingunitMscnumber: need('billingunit'),
          residentialunitPmnumber: need('pm'),
          residentialunitMscnumber: need('msc'),
        },
      };
    case 'reject':
      return {
        method: 'POST',
        path: OPERATOR_PATHS.resolve,
        body: { billingunitMscnumber: need('billingunit'), residentialunitPmnumber: need('pm'), reject: true },
      };
    case 'advance':
      return {
        method: 'POST',
        path: OPERATOR_PATHS.advance,
        body: v.billingunit === undefined ? {} : { billingunitMscnumber: v.billingunit },
      };
    case 'period':
      return {
        method: 'POST',
        path: OPERATOR_PATHS.periodStatus,
        body: { billingunitMscnumber: need('billingunit'), to: need('to'), status: need('status') },
      };
    case 'arge-results':
      return {
        method: 'GET',
        path: `${OPERATOR_PATHS.argeResults}?${new URLSearchParams({ billingunit: need('billingunit'), to: need('to') }).toString()}`,
      };
    default:
      throw new Error(`Unbekannter Operator-Befehl „${command}“.\n\n${USAGE}`);
  }
}

/** A problem+json reply of the operator API, with the demo MSC's German `detail`. */
export class OperatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<S extends z.ZodType>(url: string, token: string, req: Request, schema: S): Promise<z.infer<S>> {
  const res = await fetch(new URL(req.path, url), {
    method: req.method,
    headers: { authorization: `Bearer ${token}`, ...(req.body ? { 'content-type': 'application/json' } : {}) },
    body: req.body ? JSON.stringify(req.body) : null,
  });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    throw new OperatorError(res.status, typeof detail === 'string' ? detail : `Antwort ${String(res.status)}`);
  }
  return schema.parse(body);
}

/** The operator API as functions, for the app's Demo-Messdienst panel (the sandbox runs in the same process). */
export function createOperatorClient(url: string, token: string) {
  return {
    manual: () => call(url, token, { method: 'GET', path: OPERATOR_PATHS.manual }, ManualWorkList),
    world: () => call(url, token, { method: 'GET', path: OPERATOR_PATHS.world }, WorldView),
    resolve: (body: ResolveBody) => call(url, token, { method: 'POST', path: OPERATOR_PATHS.resolve, body }, ResolveReply),
    advance: (billingunitMscnumber?: string) =>
      call(
        url,
        token,
        {
          method: 'POST',
          path: OPERATOR_PATHS.advance,
          body: billingunitMscnumber === undefined ? {} : { billingunitMscnumber },
        },
        AdvanceReply,
      ),
    periodStatus: (body: z.infer<typeof PeriodStatusBody>) =>
      call(url, token, { method: 'POST', path: OPERATOR_PATHS.periodStatus, body }, PeriodStatusBody),
    argeResults: (billingunit: string, to: string) =>
      call(url, token, requestFor('arge-results', { billingunit, to }), ArgeResultsReply),
  };
}
export type OperatorClient = ReturnType<typeof createOperatorClient>;

export type CliOutput = { out: (text: string) => void; err: (text: string) => void };

const STDIO: CliOutput = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };

/** Runs one operator command; returns the process exit code. */
export async function runOperatorCli(argv: string[], io: CliOutput = STDIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      billingunit: { type: 'string' },
      pm: { type: 'string' },
      msc: { type: 'string' },
      to: { type: 'string' },
      status: { type: 'string' },
      out: { type: 'string' },
    },
  });
  try {
    const command = positionals[0] ?? '';
    const req = requestFor(command, values);
    const url = values.url ?? process.env.SANDBOX_URL;
    const token = values.token ?? process.env.SANDBOX_OPERATOR_TOKEN;
    if (!url || !token) throw new Error(`--url und --token sind nötig.\n\n${USAGE}`);
    const res = await fetch(new URL(req.path, url), {
      method: req.method,
      headers: { authorization: `Bearer ${token}`, ...(req.body ? { 'content-type': 'application/json' } : {}) },
      body: req.body ? JSON.stringify(req.body) : null,
    });
    const text = await res.text();
    if (res.ok && command === 'arge-results') return await writeResultFiles(text, values.out, io);
    if (res.ok) io.out(`${text}\n`);
    else io.err(`${text}\n`);
    return res.ok ? 0 : 1;
  } catch (err) {
    io.err(`${(err as Error).message}\n`);
    return 2;
  }
}

/** Writes the files of an arge-results reply into `dir`, one name per line on stdout. */
async function writeResultFiles(text: string, dir: string | undefined, io: CliOutput): Promise<number> {
  if (!dir) throw new Error(`--out fehlt.\n\n${USAGE}`);
  const reply = ArgeResultsReply.parse(JSON.parse(text));
  await mkdir(dir, { recursive: true });
  for (const f of reply.files) {
    await writeFile(join(dir, f.name), Buffer.from(f.base64, 'base64'), { flag: 'wx' });
    io.out(`${join(dir, f.name)}\n`);
  }
  return 0;
}
