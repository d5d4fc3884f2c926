/**
 * A write the disk refused, named for the clerk: a full disk or a folder without write permission, with the
 * folder, instead of "unexpected internal error … support". Whatever the clerk entered stays where it was (the
 * editor, the form); only the file was not written.
 */
import { dirname } from 'node:path';
import { AppErrorException } from '@shared/domain/app-error';

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
const NO_PERMISSION = new Set(['EACCES', 'EPERM', 'EROFS']);

/** The named STORAGE error for a refused write in `folder`, or undefined for any other failure. */
export function storageFailure(err: unknown, folder: string): AppErrorException | undefined {
  if (err instanceof AppErrorException) return undefined;
  const errno = (err as NodeJS.ErrnoException | undefined)?.code;
  if (errno === undefined) return undefined;
  if (DISK_FULL.has(errno)) {
    return new AppErrorException(
      {
        code: 'STORAGE',
        message: `Der Datenträger ist voll: im Ordner ${folder} konnte nichts gespeichert werden. Ihre Eingaben bleiben in diesem Fenster erhalten; bitte Platz schaffen und erneut speichern.`,
        key: 'storage.diskFull',
        params: { folder },
        details: { reason: 'disk-full', errno },
      },
      { cause: err },
    );
  }
  if (NO_PERMISSION.has(errno)) {
    return new AppErrorException(
      {
        code: 'STORAGE',
        message: `Keine Schreibberechtigung für den Ordner ${folder}: es wurde nichts gespeichert. Ihre Eingaben bleiben in diesem Fenster erhalten; bitte die Berechtigung prüfen (lassen) und erneut speichern.`,
        key: 'storage.noPermission',
        params: { folder },
        details: { reason: 'no-permission', errno },
      },
      { cause: err },
    );
  }
  return undefined;
}

/** For errors thrown by code that is not ours (the settings file's library): the folder from the error's path. */
export function storageFailureOf(err: unknown): AppErrorException | undefined {
  const path = (err as NodeJS.ErrnoException | undefined)?.path;
  return typeof path === 'string' ? storageFailure(err, dirname(path)) : undefined;
}
