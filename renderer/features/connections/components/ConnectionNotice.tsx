import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';

type Props = { where: 'card' | 'form'; title: string; testId: string; reason?: string; children: ReactNode };

/** The frame of what a connection lacks at this desk (password, certificate), alike on the card and in the form. */
export function ConnectionNotice({ where, title, testId, reason, children }: Props) {
  return (
    <Alert
      color="yellow"
      variant="light"
      p="xs"
      mt={where === 'card' ? 'sm' : 0}
      title={title}
      data-testid={testId}
      {...(reason === undefined ? {} : { 'data-reason': reason })}
    >
      {children}
    </Alert>
  );
}
