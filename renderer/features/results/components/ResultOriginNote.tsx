import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ResultOrigin } from '@shared/domain/results';
import { whoText } from '@renderer/features/arge/import-text';

/** Says that the result was read from ARGE files, which files, and which statements the index named but lacked. */
export function ResultOriginNote({ origin }: { origin: ResultOrigin }) {
  const { t, i18n } = useTranslation('arge-import');
  const lang = i18n.language.startsWith('en') ? 'en' : 'de';
  const dataFiles = origin.files.filter((f) => !/\.pdf$/i.test(f));
  const pdfs = origin.files.length - dataFiles.length;
  return (
    <Alert
      color={origin.missing.length > 0 ? 'orange' : 'gray'}
      variant="light"
      title={t('results.origin')}
      data-testid="result-origin"
    >
      <Text size="sm">
        {t('results.originFiles', { files: [...dataFiles, ...(pdfs > 0 ? [`${String(pdfs)} PDF`] : [])].join(', ') })}
      </Text>
      {origin.missing.length > 0 && (
        <>
          <Text size="sm" mt="xs">
            {t('results.missing')}
          </Text>
          <List size="sm" data-testid="result-origin-missing">
            {origin.missing.map((m) => (
              <List.Item key={m.path}>{t('results.missingItem', { path: m.path, who: whoText(lang, m) })}</List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
