import { Alert, Container, Paper, Skeleton, Stack, Typography } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import classes from './content.module.css';
import { useSettings } from './content-api.ts';

/** The HTML of a rich-text setting (its data is a JSON string of HTML, sanitised by the server). */
export function settingHtml(
  entries: { name: string; data: string }[] | undefined,
  name: string,
): string | null {
  const entry = entries?.find((e) => e.name === name);
  if (!entry) return null;
  try {
    const value = JSON.parse(entry.data);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** A page whose body is server-provided rich text from the settings (Who We Are, Privacy Policy, Terms, …). */
export function RichTextPage(props: {
  setting: string;
  title: string;
  eyebrow: string;
  description?: ReactNode;
  aside?: ReactNode;
}) {
  const settings = useSettings();
  const html = settingHtml(settings.data, props.setting);
  return (
    <Container size="md" py={{ base: 'lg', md: 40 }}>
      <PageHeader eyebrow={props.eyebrow} title={props.title} description={props.description} />
      {settings.isPending ? (
        <Stack role="status" aria-busy="true" aria-label="Loading">
          <Skeleton height={28} width="60%" />
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
        </Stack>
      ) : html ? (
        <Paper className={classes.prose} p={{ base: 'md', sm: 'xl' }} radius="md" withBorder>
          <Typography>
            {/* sanitised on the server (sanitize-html): no scripts, handlers or javascript: links */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text */}
            <div dangerouslySetInnerHTML={{ __html: html }} />
          </Typography>
        </Paper>
      ) : (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          This page could not be loaded. Please try again later.
        </Alert>
      )}
      {props.aside}
    </Container>
  );
}
