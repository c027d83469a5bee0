import { Box, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './PageHeader.module.css';

interface PageHeaderProps {
  title: ReactNode;
  /** A small line above the title naming the area (e.g. 'My Account'). */
  eyebrow?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The heading block every page starts with: the one h1 of the page. */
export function PageHeader({ title, eyebrow, description, actions }: PageHeaderProps) {
  return (
    <Box className={classes.root}>
      <Box className={classes.text}>
        {eyebrow ? <Text className={classes.eyebrow}>{eyebrow}</Text> : null}
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="lg" className={classes.description}>
            {description}
          </Text>
        ) : null}
      </Box>
      {actions ? <Box className={classes.actions}>{actions}</Box> : null}
    </Box>
  );
}
