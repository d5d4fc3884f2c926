/** Where the main process reports what a clerk does not see (refused requests, failed handlers). */
export type Log = (message: string, error?: unknown) => void;

/** Warnings for notices, errors when something failed. */
export const consoleLog: Log = (message, error) => {
  if (error === undefined) console.warn(message);
  else console.error(message, error);
};
