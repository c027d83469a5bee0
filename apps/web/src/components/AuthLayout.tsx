import { Box, Container, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './AuthLayout.module.css';
import { FrameArt } from './FrameArt.tsx';

interface AuthLayoutProps {
  /** The card's heading: the page's h1. */
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Below the card (e.g. links to other screens). */
  footer?: ReactNode;
}

/** The sign-in family of screens: a card on the right, the trade pitch with a framed picture on the left. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <Container size="lg" className={classes.container}>
      <div className={classes.grid}>
        <Box className={classes.panel} visibleFrom="md">
          <Text className={classes.kicker}>Trade accounts</Text>
          <Title order={2} className={classes.panelTitle}>
            Mouldings, mats and glass for the framing trade
          </Title>
          <List
            spacing="sm"
            className={classes.points}
            icon={
              <ThemeIcon color="brass.4" c="walnut.9" size={22} radius="xl">
                <IconCheck size={14} stroke={3} />
              </ThemeIcon>
            }
          >
            <List.Item>Your own prices and live stock in four warehouses</List.Item>
            <List.Item>Order by length, chop, join, straight cut or box</List.Item>
            <List.Item>Review orders and pay invoices online</List.Item>
          </List>
          <FrameArt className={classes.art} ratio="5 / 3" />
        </Box>
        <div className={classes.side}>
          <Paper className={classes.card} radius="md" shadow="sm">
            <Title order={1} className={classes.title}>
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" mt={6}>
                {description}
              </Text>
            ) : null}
            <Box mt="lg">{children}</Box>
          </Paper>
          {footer ? <Box className={classes.footer}>{footer}</Box> : null}
        </div>
      </div>
    </Container>
  );
}
