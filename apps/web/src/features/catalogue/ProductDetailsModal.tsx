import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconArrowRight, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ProductImage } from '../../components/ProductImage.tsx';
import { isAccountProduct, type ShopProduct, useProductDetails } from './catalogue-api.ts';
import { NetPrice } from './NetPrice.tsx';
import { NOT_STOCKED_HERE } from './ProductCard.tsx';
import { FactList, PriceTable, StockTable } from './ProductFacts.tsx';
import { productTitle } from './product-info.ts';
import classes from './ShopPage.module.css';

interface ProductDetailsModalProps {
  code: string | null;
  /** The card's own data, shown while the details load. */
  initial?: ShopProduct | null;
  onClose: () => void;
  action: 'cart' | 'select' | 'none';
  onAddToCart: (code: string) => void;
  onSelect: (code: string) => void;
}

/** Product details (storefront §2 Modals): every public field; prices and stock for signed-in customers. */
export function ProductDetailsModal({
  code,
  initial,
  onClose,
  action,
  onAddToCart,
  onSelect,
}: ProductDetailsModalProps) {
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const details = useProductDetails(code, initial);
  const p = details.data ?? null;
  const title = p ? productTitle(p) : (code ?? '');

  return (
    <Modal
      opened={code !== null}
      onClose={onClose}
      size="min(94vw, 56rem)"
      fullScreen={phone}
      title={p ? title : code ? `Item ${code}` : ''}
      closeButtonProps={{ 'aria-label': 'Close details' }}
      classNames={{ title: classes.modalTitle, body: classes.detailsBody }}
      data-testid="product-details"
    >
      {details.isPending && !p ? (
        <div className={classes.detailsGrid}>
          <Skeleton className={classes.detailsImage} style={{ aspectRatio: '1' }} />
          <Stack gap="xs">
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed skeleton rows
              <Skeleton key={i} height={22} />
            ))}
          </Stack>
        </div>
      ) : null}

      {details.isError && !p ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The details could not be loaded">
          {(details.error as Error).message}
        </Alert>
      ) : null}

      {!details.isPending && !details.isError && !p && code ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          There is no product with item # {code}.
        </Alert>
      ) : null}

      {p ? (
        <>
          <div className={classes.detailsGrid}>
            <Stack gap="lg" className={classes.detailsSide}>
              <ProductImage
                src={p.image}
                alt={title}
                loading="eager"
                className={classes.detailsImage}
                size={600}
              />
              {isAccountProduct(p) ? <NetPrice product={p} /> : null}
              {isAccountProduct(p) ? <PriceTable product={p} /> : null}
            </Stack>
            <Stack gap="sm" className={classes.detailsText}>
              {p.Description ? (
                <Text size="sm" className={classes.description}>
                  {p.Description}
                </Text>
              ) : null}
              <FactList product={p} />
            </Stack>
          </div>

          {isAccountProduct(p) ? (
            <div className={classes.stockBlock}>
              {!p.stocked_here ? (
                <Alert color="red" variant="light" mb="sm" p="xs" icon={<IconAlertCircle size={16} />}>
                  {NOT_STOCKED_HERE}
                </Alert>
              ) : null}
              <StockTable product={p} />
            </div>
          ) : (
            <Text size="sm" c="dimmed" mt="md">
              <Anchor component={Link} to="/login">
                Sign in
              </Anchor>{' '}
              to see your prices and the stock in each warehouse.
            </Text>
          )}

          <Group justify="space-between" mt="lg" gap="sm" className={classes.detailsActions}>
            <Anchor component={Link} to={`/productDetail/${encodeURIComponent(p.Code)}`} size="sm" fw={600}>
              Open the product page <IconArrowRight size={14} aria-hidden style={{ verticalAlign: -2 }} />
            </Anchor>
            {action === 'cart' ? (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onAddToCart(p.Code)}>
                Add to Cart
              </Button>
            ) : null}
            {action === 'select' ? (
              <Button color="brass.4" c="walnut.9" onClick={() => onSelect(p.Code)}>
                Select
              </Button>
            ) : null}
          </Group>
        </>
      ) : null}
    </Modal>
  );
}
