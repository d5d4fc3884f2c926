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
import { appErrorText } from '@renderer/lib/error-text';

export function useErrorText(): (err: unknown) => string {
  const { t, i18n } = useTranslation('errors');
  return useCallback((err: unknown) => (err instanceof ApiError ? appErrorText(i18n, err.error) : t('unexpected')), [t, i18n]);
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
