import { Alert, Button, Container, Paper, Skeleton, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DOCUMENT_CATEGORIES, documentMessages } from '@mitrebox/domain';
import { IconAlertCircle, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import classes from './content.module.css';
import { downloadDocument, useDocuments } from './content-api.ts';

/** /pdflist (signed in): Updates, Discontinued Items and Promos, each document a download (account-area §2). */
export default function DocumentsPage() {
  const docs = useDocuments();
  const [busy, setBusy] = useState<number | null>(null);

  const download = async (id: number, name: string) => {
    setBusy(id);
    try {
      await downloadDocument(id, `${name}.pdf`);
    } catch (err) {
      notifications.show({ color: 'red', message: (err as Error).message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Container size="lg" py={{ base: 'lg', md: 40 }}>
      <PageHeader
        eyebrow="Updates"
        title="Updates"
        description="Price updates, discontinued items and promotions to download."
      />
      {docs.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          The documents could not be loaded. Please try again later.
        </Alert>
      ) : null}
      <div className={classes.categories}>
        {DOCUMENT_CATEGORIES.map((cat) => {
          const items = (docs.data ?? []).filter((d) => d.category === cat.id);
          return (
            <Paper
              key={cat.id}
              p="lg"
              radius="md"
              withBorder
              component="section"
              aria-labelledby={`cat-${cat.id}`}
            >
              <Title order={2} size="h4" id={`cat-${cat.id}`} mb="sm">
                {cat.name}
              </Title>
              {docs.isPending ? (
                <Skeleton height={60} />
              ) : items.length === 0 ? (
                <Text c="dimmed">{documentMessages.empty}</Text>
              ) : (
                <ul className={classes.docList}>
                  {items.map((d) => (
                    <li key={d.id}>
                      <Button
                        variant="subtle"
                        fullWidth
                        justify="flex-start"
                        className={classes.docButton}
                        styles={{ label: { whiteSpace: 'normal', lineHeight: 1.35 } }}
                        leftSection={<IconFileTypePdf size={20} aria-hidden />}
                        loading={busy === d.id}
                        onClick={() => void download(d.id, d.name)}
                      >
                        {d.name}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </Paper>
          );
        })}
      </div>
    </Container>
  );
}
