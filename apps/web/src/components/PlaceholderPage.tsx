import { Container, Paper, Text } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader.tsx';
import classes from './PlaceholderPage.module.css';

interface PlaceholderPageProps {
  title: string;
  /** One line on what the page will hold. */
  description: ReactNode;
  eyebrow?: string;
  /** Inside another layout (the account area) the page needs no container of its own. */
  bare?: boolean;
}

/** A titled page whose content a later piece of work builds. */
export function PlaceholderPage({ title, description, eyebrow, bare }: PlaceholderPageProps) {
  const body = (
    <>
      <PageHeader title={title} eyebrow={eyebrow} />
      <Paper className={classes.card} p="xl" radius="md">
        <IconHammer className={classes.icon} size={28} stroke={1.5} aria-hidden />
        <Text size="lg">{description}</Text>
      </Paper>
    </>
  );
  if (bare) return body;
  return (
    <Container size="lg" py={{ base: 'xl', md: 48 }}>
      {body}
    </Container>
  );
}
