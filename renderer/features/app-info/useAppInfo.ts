import { useEffect, useState } from 'react';
import type { AppInfo } from '@shared/ipc/contract';
import { api, errorMessage } from '@renderer/lib/api';

export type AppInfoState = { state: 'loading' } | { state: 'ready'; info: AppInfo } | { state: 'error'; message: string };

/** Asks the main process who it is; the answer also proves the IPC path works before the shell shows. */
export function useAppInfo(): AppInfoState {
  const [state, setState] = useState<AppInfoState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    api['app:info']().then(
      (info) => {
        if (live) setState({ state: 'ready', info });
      },
      (err: unknown) => {
        if (live) setState({ state: 'error', message: errorMessage(err) });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
