import { Alert, Button, CloseButton, Container, Skeleton, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CollectionTile } from '../../components/CollectionTile.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { collectionsQuery } from '../../lib/shared-queries.ts';
import classes from './CollectionsPage.module.css';
import { useCollections } from './catalogue-api.ts';

/**
 * The first data (the route's loader and the server's render: ADR 013): every collection, so the tiles — the
 * page's largest paint — come with the page's HTML.
 */
export function prefetch(client: QueryClient): Promise<unknown> {
  return client.prefetchQuery(collectionsQuery);
}

/** /collections: every collection as a tile (picture, name, product count); a tile opens the shop filtered by it. */
export default function CollectionsPage() {
  const collections = useCollections();
  const [find, setFind] = useState('');
  const shown = useMemo(() => {
    const needle = find.trim().toLowerCase();
    const all = collections.data ?? [];
    return needle ? all.filter((c) => c.name.toLowerCase().includes(needle)) : all;
  }, [collections.data, find]);

  return (
    <Container size="xl" py={{ base: 'lg', md: 40 }}>
      <PageHeader
        eyebrow="Shop"
        title="Collections"
        description="Every moulding line we stock. Choose one to see its profiles, widths and finishes."
        actions={
          <TextInput
            className={classes.find}
            size="sm"
            placeholder="Find a collection"
            aria-label="Find a collection"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={find}
            onChange={(e) => setFind(e.currentTarget.value)}
            rightSection={
              find ? (
                <CloseButton size="sm" aria-label="Clear the search" onClick={() => setFind('')} />
              ) : null
            }
          />
        }
      />

      {collections.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The collections could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void collections.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      {collections.isPending ? (
        <div className={classes.grid} role="status" aria-busy="true" aria-label="Loading collections">
          {Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
            <div key={i} className={classes.skeleton}>
              <Skeleton style={{ aspectRatio: '1' }} height="auto" radius={0} />
              <Skeleton height={16} width="60%" m="sm" />
            </div>
          ))}
        </div>
      ) : null}

      {collections.data ? (
        <>
          <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
            {shown.length} {shown.length === 1 ? 'collection' : 'collections'}
          </Text>
          {shown.length === 0 ? (
            <Text c="dimmed" py="xl" ta="center">
              No collection is called “{find.trim()}”.
            </Text>
          ) : (
            <ul className={classes.grid} aria-label="Collections">
              {shown.map((c, i) => (
                <li key={c.id}>
                  <CollectionTile
                    collection={{ id: c.id, name: c.name, image: c.image, productCount: c.product_count }}
                    loading={i < 10 ? 'eager' : 'lazy'}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </Container>
  );
}
