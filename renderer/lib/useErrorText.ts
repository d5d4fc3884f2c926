/**
 * The text a clerk reads for a failure, in the chosen language. Errors from the main process carry a code, and
 * where they have one, an i18n key with parameters (`transport.refused`, `reply.404`); a key of a family without
 * its own entry falls back to the family's `other`. Without a key the German message is shown in German, and in
 * English a sentence for the error's code followed by the service's own words.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportIssue } from '@shared/domain/excel';
import { ApiError } from '@renderer/lib/api';

export function useErrorText(): (err: unknown) => string {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (err: unknown) => {
      if (!(err instanceof ApiError)) return t('unexpected');
      const { key, params, code, message } = err.error;
      const family = key?.includes('.') ? `${key.slice(0, key.lastIndexOf('.'))}.other` : undefined;
      const known = [key, family].find((k) => k !== undefined && i18n.exists(k, { ns: 'errors' }));
      if (known !== undefined) return t(known, params ?? {}).trim();
      if (i18n.language === 'de') return message;
      return t('withOriginal', { text: t(`code.${code}`), original: message });
    },
    [t, i18n],
  );
}

/**
 * One Excel import issue: in German the service's full sentence; in other languages the place (sheet, row,
 * column) and a sentence for the issue's code, built from the issue's own fields.
 */
export function useImportIssueText(): (issue: ImportIssue) => string {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (issue: ImportIssue) => {
      if (i18n.language === 'de') return issue.message;
      const where: string[] = [];
      if (issue.sheet !== undefined) where.push(t('importIssue.where.sheet', { sheet: issue.sheet }));
      if (issue.row !== undefined) where.push(t('importIssue.where.row', { row: issue.row }));
      if (issue.column !== undefined) {
        where.push(
          issue.header
            ? t('importIssue.where.columnHeader', { column: issue.column, header: issue.header })
            : t('importIssue.where.column', { column: issue.column }),
        );
      }
      const problem = t(`importIssue.code.${issue.code}`);
      const value = issue.value !== undefined && issue.value !== '' ? ` ${t('importIssue.value', { value: issue.value })}` : '';
      return `${where.length > 0 ? `${where.join(', ')}: ` : ''}${problem}${value}`;
    },
    [t, i18n],
  );
}
