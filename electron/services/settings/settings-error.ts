import type { z } from 'zod';
import { AppErrorException } from '@shared/domain/app-error';
import { describeIssues } from '@shared/msc/primitives';

/**
 * Refused input (VALIDATION), a connection that does not exist (any more: CONFLICT, details.reason 'not-found'),
 * or a secret the OS credential store would not take or give (STORAGE, details.reason 'keyring-…').
 */
export type SettingsErrorCode = 'VALIDATION' | 'CONFLICT' | 'STORAGE';

/** A refused settings change, carrying the German AppError the IPC gate passes on. */
export class SettingsError extends AppErrorException {
  constructor(code: SettingsErrorCode, message: string, details?: Record<string, unknown>) {
    super(details === undefined ? { code, message } : { code, message, details });
    this.name = 'SettingsError';
  }

  static notFound(message: string): SettingsError {
    return new SettingsError('CONFLICT', message, { reason: 'not-found' });
  }

  static fromZod(what: string, error: z.ZodError): SettingsError {
    const issues = describeIssues(error);
    return new SettingsError('VALIDATION', `${what}: ${issues.join('; ')}`, { issues });
  }
}
