/**
 * Handlers of the `demo:*` channels: the Demo-Messdienst panel acts as the embedded demo MSC's staff through its
 * operator API (loopback, operator token; the sandbox runs in this process). Refused for every connection that is
 * not the embedded demo, so a real MSC is never touched. After an action the affected setups are asked at once, so
 * the clerk's screens update through the usual workspace events instead of the next poll.
 */
import { appError } from '@shared/domain/app-error';
import type { FileRef } from '@shared/ipc/contract';
import type { Handlers } from '@main/ipc/gate';
import type { Sandbox } from '@main/sandbox/index';
import { createOperatorClient, OperatorError } from '@main/sandbox/operator-cli';
import type { OperatorClient } from '@main/sandbox/operator-cli';
import type { SettingsStore } from '@main/services/settings/settings-store';
import { buildSampleWorkbook } from '@main/services/excel/sample-units';
import type { FileStore } from '@main/app/file-store';
import type { Workspaces } from '@main/app/workspaces';
import type { Log } from '@main/app/app-context';

type DemoHandlers = Pick<Handlers, `demo:${string}` & keyof Handlers>;

export type DemoDeps = {
  settings: SettingsStore;
  workspaces: Workspaces;
  files: FileStore;
  /** The embedded demo MSC, started if it is not running yet. */
  demo: () => Promise<Sandbox>;
  log: Log;
};

/** The demo world's own customer: the panel shows only what the demo connection can see. */
const DEMO_CUSTOMER = '0000012345';

export function demoHandlers({ settings, workspaces, files, demo, log }: DemoDeps): DemoHandlers {
  async function operator(connectionId: string): Promise<OperatorClient> {
    const connection = await settings.get(connectionId);
    if (connection?.target.kind !== 'embedded-demo') {
      throw appError(
        'VALIDATION',
        { key: 'demo.onlyDemo' },
        'Der Demo-Messdienst steht nur für die eingebaute Demo-Verbindung zur Verfügung.',
      );
    }
    const sandbox = await demo();
    return createOperatorClient(sandbox.url, sandbox.operatorToken);
  }

  /** The demo customer's billing units: the staff actions act on these only, never on another customer's. */
  async function ourUnits(op: OperatorClient): Promise<Set<string>> {
    const world = await op.world();
    return new Set(world.billingunits.filter((b) => b.customerMscnumber === DEMO_CUSTOMER).map((b) => b.billingunitMscnumber));
  }

  /** Refuses a billing unit that is not the demo customer's (the same answer whether or not it exists). */
  async function ours(op: OperatorClient, billingunit: string): Promise<void> {
    if (!(await ourUnits(op)).has(billingunit)) {
      throw appError(
        'VALIDATION',
        { key: 'demo.notDemoUnit', params: { billingunit } },
        `Die Liegenschaft ${billingunit} gehört nicht zu den Liegenschaften der Demo-Verbindung.`,
        {
          reason: 'not-demo-customer',
        },
      );
    }
  }

  /** The demo MSC's German reason, as a refusal the clerk can read (e.g. an MSC unit that does not exist). */
  async function acting<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (err) {
      if (err instanceof OperatorError)
        throw appError(
          err.status === 409 ? 'CONFLICT' : 'VALIDATION',
          { key: 'demo.refused', params: { reason: err.message } },
          err.message,
        );
      throw err;
    }
  }

  /** Asks the MSC now for the setups this computer follows, so their screens move without waiting for the poll. */
  async function recheck(connectionId: string, billingunits: readonly string[]): Promise<void> {
    const setups = (await workspaces.workspace(connectionId)).setups;
    for (const bu of billingunits) {
      if (!setups.get(bu)) continue;
      await setups.checkNow(bu).catch((err: unknown) => {
        log(`Abgleich ${bu} nach Demo-Aktion nicht abgefragt`, err);
      });
    }
  }

  return {
    'demo:state': async ({ connectionId }) => {
      const op = await operator(connectionId);
      const [world, manual] = await Promise.all([op.world(), op.manual()]);
      const ours = world.billingunits.filter((b) => b.customerMscnumber === DEMO_CUSTOMER);
      const numbers = new Set(ours.map((b) => b.billingunitMscnumber));
      return {
        billingunits: ours,
        manual: manual.items
          .filter((m) => numbers.has(m.billingunitMscnumber))
          .sort((a, b) => (a.since ?? '').localeCompare(b.since ?? '')),
      };
    },
    'demo:resolve': async ({ connectionId, billingunit, pmnumber, mscnumber }) => {
      const op = await operator(connectionId);
      await ours(op, billingunit);
      const reply = await acting(() =>
        op.resolve({
          billingunitMscnumber: billingunit,
          residentialunitPmnumber: pmnumber,
          ...(mscnumber === undefined ? { reject: true } : { residentialunitMscnumber: mscnumber }),
        }),
      );
      await recheck(connectionId, [billingunit]);
      return reply;
    },
    'demo:advance': async ({ connectionId, billingunit }) => {
      const op = await operator(connectionId);
      // "All" means all of the demo customer's units, one by one: the demo MSC's own "all" spans every customer.
      const units = billingunit === undefined ? [...(await ourUnits(op))] : [billingunit];
      if (billingunit !== undefined) await ours(op, billingunit);
      const replies = await Promise.all(units.map((bu) => acting(() => op.advance(bu))));
      const reply = { advanced: replies.flatMap((r) => r.advanced) };
      await recheck(
        connectionId,
        reply.advanced.map((a) => a.billingunitMscnumber),
      );
      return reply;
    },
    'demo:period-status': async ({ connectionId, billingunit, periodTo, status }) => {
      const op = await operator(connectionId);
      await ours(op, billingunit);
      const reply = await acting(() => op.periodStatus({ billingunitMscnumber: billingunit, to: periodTo, status }));
      // Playing the MSC's staff, the clerk wants to see the result at once rather than at the watcher's next poll.
      if (status === 'BILLED') {
        const w = await workspaces.workspace(connectionId);
        void w.resultWatch.checkNow(billingunit, periodTo).catch((err: unknown) => {
          log(`Abrechnungsergebnis ${billingunit}/${periodTo} nach Demo-Aktion nicht abgerufen`, err);
        });
      }
      return reply;
    },
    'demo:sample-workbook': async ({ connectionId, billingunit }): Promise<FileRef> => {
      const op = await operator(connectionId);
      if (billingunit !== undefined) await ours(op, billingunit);
      const bytes = await buildSampleWorkbook(billingunit);
      const name =
        billingunit === undefined ? 'Beispieldatei Nutzeinheiten.xlsx' : `Beispieldatei Nutzeinheiten ${billingunit}.xlsx`;
      const stored = files.put(name, bytes);
      return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
    },
  };
}
