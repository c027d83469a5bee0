import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { INSTRUCTIONS_MAX_DETAIL, MOULDING_TYPE } from '@mitrebox/domain';
import { IconAlertCircle, IconArrowLeft, IconLogin2, IconPlus } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AddToCartDialog } from '../../components/add-to-cart/AddToCartDialog.tsx';
import { collectionShopPath } from '../../components/CollectionTile.tsx';
import { CornerSampleButton } from '../../components/corner-samples/index.ts';
import { ProductImage } from '../../components/ProductImage.tsx';
import { current as currentSession, useSession } from '../../lib/session.ts';
import { isAccountProduct, productDetailsQuery, useProductDetails } from './catalogue-api.ts';
import { NetPrice } from './NetPrice.tsx';
import { NOT_STOCKED_HERE } from './ProductCard.tsx';
import classes from './ProductDetailPage.module.css';
import { FactList, PriceTable, StockTable } from './ProductFacts.tsx';
import { mouldingWidth, productTitle } from './product-info.ts';

/** The product, fetched with the screen's code (the router's lazy route): the page renders once, with it (ADR 013). */
export function prefetch(client: QueryClient, url: URL): Promise<unknown> {
  const code = decodeURIComponent(url.pathname.split('/').filter(Boolean)[1] ?? '');
  if (!code) return Promise.resolve();
  return client.prefetchQuery(productDetailsQuery(currentSession().signedIn, code));
}

/** /productDetail/{Code}: the product page — picture, every attribute, prices and stock when signed in. */
export default function ProductDetailPage() {
  const { Code = '' } = useParams();
  const { signedIn, mayOrder: canBuy } = useSession();
  const details = useProductDetails(Code || null);
  const [adding, setAdding] = useState(false);
  const p = details.data ?? null;

  return (
    <Container size="lg" py={{ base: 'lg', md: 40 }}>
      <Breadcrumbs className={classes.crumbs} separator="›" separatorMargin={6} aria-label="Breadcrumb">
        <Anchor component={Link} to="/Shop" size="sm">
          Shop
        </Anchor>
        {p?.collection_id && p.collection_name ? (
          <Anchor component={Link} to={collectionShopPath(p.collection_id)} size="sm">
            {p.collection_name}
          </Anchor>
        ) : null}
        <Text size="sm" c="dimmed" aria-current="page">
          {Code}
        </Text>
      </Breadcrumbs>

      {details.isPending ? (
        <div className={classes.layout} aria-busy="true">
          <Skeleton style={{ aspectRatio: '1' }} height="auto" />
          <Stack gap="sm">
            <Skeleton height={18} width="30%" />
            <Skeleton height={36} width="80%" />
            {[1, 2, 3, 4, 5, 6].map((i) => (
              <Skeleton key={i} height={20} />
            ))}
          </Stack>
        </div>
      ) : null}

      {details.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The product could not be loaded">
          {(details.error as Error).message}
        </Alert>
      ) : null}

      {!details.isPending && !details.isError && !p ? (
        <Stack align="flex-start" gap="md" py="xl">
          <Title order={1} className={classes.title}>
            Item {Code} was not found
          </Title>
          <Text c="dimmed">Check the item # or search the shop for it.</Text>
          <Button component={Link} to="/Shop" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Back to the shop
          </Button>
        </Stack>
      ) : null}

      {p ? (
        <>
          <div className={classes.layout}>
            <ProductImage src={p.image} alt={productTitle(p)} priority size={800} className={classes.image} />
            <div className={classes.info}>
              <Group gap="xs" className={classes.codeLine}>
                <Text className={classes.code}>Item # {p.Code}</Text>
                {mouldingWidth(p) ? <span className={classes.width}>{mouldingWidth(p)} wide</span> : null}
              </Group>
              <Title order={1} className={classes.title}>
                {productTitle(p)}
              </Title>
              {p.Description ? <Text className={classes.description}>{p.Description}</Text> : null}

              {isAccountProduct(p) ? (
                <div className={classes.netPrice}>
                  <NetPrice product={p} size="lg" />
                </div>
              ) : null}

              {isAccountProduct(p) && !p.stocked_here ? (
                <Alert color="red" variant="light" mt="md" icon={<IconAlertCircle size={18} />}>
                  {NOT_STOCKED_HERE}
                </Alert>
              ) : null}

              <Group gap="sm" mt="lg">
                {canBuy ? (
                  <Button
                    size="md"
                    leftSection={<IconPlus size={18} aria-hidden />}
                    onClick={() => setAdding(true)}
                  >
                    Add to Cart
                  </Button>
                ) : null}
                {canBuy && p.type === MOULDING_TYPE ? <CornerSampleButton code={p.Code} size="md" /> : null}
                {!signedIn ? (
                  <Button
                    component={Link}
                    to="/login"
                    size="md"
                    variant="default"
                    leftSection={<IconLogin2 size={18} aria-hidden />}
                  >
                    Sign in for prices and stock
                  </Button>
                ) : null}
              </Group>

              <Title order={2} className={classes.sectionTitle}>
                Specifications
              </Title>
              <FactList product={p} />
            </div>
          </div>

          {isAccountProduct(p) ? (
            <div className={classes.tables}>
              <PriceTable product={p} />
              <StockTable product={p} />
            </div>
          ) : null}
        </>
      ) : null}

      {canBuy ? (
        <AddToCartDialog
          code={p?.Code ?? Code}
          opened={adding}
          onClose={() => setAdding(false)}
          instructionsMax={INSTRUCTIONS_MAX_DETAIL}
        />
      ) : null}
    </Container>
  );
}
