/**
 * On a file-exchange connection (docs/arge.md) the binding submission writes files: "Übermitteln" reads
 * "Dateien erzeugen". The screens keep their keys; where a locale has a `_files` variant of a key (i18next's
 * context), that variant is shown for such a connection, else the usual text.
 */
import type { TFunction } from 'i18next';
import { useParams } from 'react-router';
import { useActiveConnection, useConnections } from '@renderer/lib/useActiveConnection';

/** Whether the connection of the screen (the route's, else the active one) exchanges files. */
export function useFileExchange(): boolean {
  const { connectionId } = useParams();
  const list = useConnections().data;
  const active = useActiveConnection();
  const connection =
    list?.find((c) => c.id === connectionId) ??
    (active.state === 'ready' && connectionId === undefined ? active.connection : undefined);
  return connection?.target.kind === 'file-exchange';
}

/** `t` with the `files` context on every call, so `submit.button_files` stands in for `submit.button`. */
export function withFileWords<T extends TFunction>(t: T, files: boolean): T {
  if (!files) return t;
  const wrapped = (key: string | string[], options?: unknown): string => {
    const opts = typeof options === 'object' && options !== null ? options : {};
    return (t as unknown as (k: string | string[], o: object) => string)(key, { ...opts, context: 'files' });
  };
  return wrapped as unknown as T;
}
