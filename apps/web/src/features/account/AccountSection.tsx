import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './MyAccountPage.module.css';

/** One titled part of My Account, labelled by its heading. */
export function AccountSection({
  title,
  children,
  aside,
  id,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
  id: string;
}) {
  return (
    <section className={classes.section} aria-labelledby={id}>
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} size="h4" id={id} className={classes.sectionTitle}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </section>
  );
}
