import type { z } from 'zod';
import { AppErrorException } from '@shared/domain/app-error';
import { describeIssues } from '@shared/msc/primitives';

/**
 * VALIDATION: refused input. CONFLICT: the stored state does not allow it (stale draft revision, item
 * being sent, newer setup queued) or the thing is gone (details.reason 'not-found').
 */
export type WorkspaceErrorCode = 'VALIDATION' | 'CONFLICT';

/** A refused workspace operation, carrying the German AppError the IPC gate passes on. */
export class WorkspaceError extends AppErrorException {
  constructor(code: WorkspaceErrorCode, message: string, details?: Record<string, unknown>) {
    super(details === undefined ? { code, message } : { code, message, details });
    this.name = 'WorkspaceError';
  }

  static notFound(message: string): WorkspaceError {
    return new WorkspaceError('CONFLICT', message, { reason: 'not-found' });
  }

  static fromZod(what: string, error: z.ZodError): WorkspaceError {
    const issues = describeIssues(error);
    return new WorkspaceError('VALIDATION', `${what}: ${issues.slice(0, 5).join('; ')}`, { issues });
  }
}
