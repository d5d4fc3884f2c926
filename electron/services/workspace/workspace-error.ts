import type { z } from 'zod';
import { AppErrorException, type AppError, type MessageParams } from '@shared/domain/app-error';
import { describeIssues } from '@shared/msc/primitives';

/**
 * VALIDATION: refused input. CONFLICT: the stored state does not allow it (stale draft revision, item
 * being sent, newer setup queued) or the thing is gone (details.reason 'not-found').
 */
export type WorkspaceErrorCode = 'VALIDATION' | 'CONFLICT';

/** The clerk's text of an error: a key of the renderer's `errors` namespace and its parameters. */
export type ErrorText = { key: string; params?: MessageParams };

/**
 * A refused workspace operation, carrying the AppError the IPC gate passes on: the German message, and where the
 * clerk sees it, the key and parameters that say it in the clerk's language.
 */
export class WorkspaceError extends AppErrorException {
  constructor(code: WorkspaceErrorCode, message: string, details?: Record<string, unknown>, text?: ErrorText) {
    const error: AppError = { code, message };
    if (details !== undefined) error.details = details;
    if (text !== undefined) {
      error.key = text.key;
      if (text.params !== undefined) error.params = text.params;
    }
    super(error);
    this.name = 'WorkspaceError';
  }

  static notFound(message: string, text?: ErrorText): WorkspaceError {
    return new WorkspaceError('CONFLICT', message, { reason: 'not-found' }, text);
  }

  static fromZod(what: string, error: z.ZodError): WorkspaceError {
    const issues = describeIssues(error);
    const text = `${what}: ${issues.slice(0, 5).join('; ')}`;
    return new WorkspaceError('VALIDATION', text, { issues }, { key: 'input.invalid', params: { issues: text } });
  }
}

/**
 * The team database out of reach (electron/app/team-link.ts `offlineError`): the banner tells the clerk, so the
 * background work that met it waits for its next turn instead of reporting a problem of its own.
 */
export function isTeamOffline(err: unknown): boolean {
  return err instanceof AppErrorException && err.appError.key === 'team.offline';
}
