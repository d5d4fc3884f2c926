import { Anchor, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

const STEPS = [
  { key: 'step1', to: '/einstellungen' },
  { key: 'step2', to: '/liegenschaften' },
  { key: 'step3', to: '/abrechnung' },
] as const;

/** First start: the three steps from an empty workspace to the first submission. */
export function GettingStartedCard() {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="md" className="dashboard-wide" component="section" aria-labelledby="getting-started-title">
      <Title order={2} size="h4" id="getting-started-title">
        {t('gettingStarted.title')}
      </Title>
      <Text size="sm" mt={4}>
        {t('gettingStarted.intro')}
      </Text>
      <ol className="getting-started-steps">
        {STEPS.map((step) => (
          <li key={step.key}>
            <Anchor component={Link} to={step.to} fw={600}>
              {t(`gettingStarted.${step.key}`)}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t(`gettingStarted.${step.key}Text`)}
            </Text>
          </li>
        ))}
      </ol>
    </Paper>
  );
}
