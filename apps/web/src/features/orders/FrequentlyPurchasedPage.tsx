import { Button, Group, Image, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { formatBusinessDate, useBusinessTimeZone } from '../../components/account-documents/business-time.ts';
import { BackLink, LoadError, NotFoundState } from '../../components/account-documents/DocumentParts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSession } from '../../lib/session.ts';
import classes from './FrequentlyPurchasedPage.module.css';
import { useRecentPurchases } from './orders-api.ts';

/** Matches a purchase by code or description, any case. */
export function matchesPurchase(p: { Code: string; description: string }, text: string): boolean {
  const q = text.trim().toLowerCase();
  return q === '' || p.Code.toLowerCase().includes(q) || p.description.toLowerCase().includes(q);
}

/**
 * Frequently Purchased (storefront §2): what the account bought recently, newest first, each with Shop
 * (/Shop/{code}) and Buy again (/Shop/{code}/Y, which opens the add-to-cart dialog).
 */
export default function FrequentlyPurchasedPage() {
  const purchases = useRecentPurchases();
  const { mayOrder } = useSession();
  const timeZone = useBusinessTimeZone();
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter);
  const all = purchases.data ?? [];
  const shown = all.filter((p) => matchesPurchase(p, deferred));

  return (
    <>
      <PageHeader
        eyebrow="My Account"
        title="Frequently Purchased"
        description="The products you have ordered, most recent first. Shop one to see stock, or buy it again."
      />
      {purchases.isError ? (
        <LoadError error={purchases.error} onRetry={() => void purchases.refetch()} />
      ) : purchases.isPending ? (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          role="status"
          aria-label="Loading purchases"
        >
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
            <Skeleton key={i} height={300} radius="md" />
          ))}
        </SimpleGrid>
      ) : all.length === 0 ? (
        <NotFoundState
          title="Nothing purchased yet"
          actions={
            <Button component={Link} to="/Shop">
              Go to the shop
            </Button>
          }
        >
          Products you order will appear here so you can buy them again quickly.
        </NotFoundState>
      ) : (
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <TextInput
              aria-label="Filter by code or description"
              placeholder="Filter by code or description"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
              size="sm"
              w={{ base: '100%', xs: 320 }}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {shown.length === all.length
                ? `${all.length} products`
                : `${shown.length} of ${all.length} products`}
            </Text>
          </Group>
          {shown.length === 0 ? (
            <NotFoundState
              title="No product matches"
              actions={<BackLink to="/Shop">Search the shop</BackLink>}
            >
              None of your purchases matches “{deferred}”.
            </NotFoundState>
          ) : (
            <ul className={classes.grid} aria-label="Purchased products">
              {shown.map((p) => (
                <li key={p.Code} className={classes.card}>
                  <Link
                    to={`/Shop/${encodeURIComponent(p.Code)}`}
                    className={classes.imageLink}
                    tabIndex={-1}
                    aria-hidden
                  >
                    <Image
                      src={p.image}
                      alt=""
                      className={classes.image}
                      fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'%3E%3Crect width='1' height='1' fill='%23f3eee6'/%3E%3C/svg%3E"
                      loading="lazy"
                      width={400}
                      height={400}
                    />
                  </Link>
                  <div className={classes.body}>
                    <Text className={classes.code}>{p.Code}</Text>
                    <Text className={classes.description} lineClamp={2}>
                      {p.description}
                    </Text>
                    <Text size="xs" c="dimmed" mt={4}>
                      Last ordered {formatBusinessDate(p.last_ordered, timeZone)}
                    </Text>
                  </div>
                  <div className={classes.actions}>
                    <Button
                      component={Link}
                      to={`/Shop/${encodeURIComponent(p.Code)}`}
                      variant="default"
                      size="sm"
                      aria-label={`Shop ${p.Code}`}
                    >
                      Shop
                    </Button>
                    {mayOrder ? (
                      <Button
                        component={Link}
                        to={`/Shop/${encodeURIComponent(p.Code)}/Y`}
                        size="sm"
                        aria-label={`Buy ${p.Code} again`}
                      >
                        Buy again
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Stack>
      )}
    </>
  );
}
