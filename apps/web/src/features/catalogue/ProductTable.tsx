import { Anchor, Button, Table, Text } from '@mantine/core';
import { locationName } from '@mitrebox/domain';
import { IconPlus } from '@tabler/icons-react';
import stacked from '../../components/stacked-table.module.css';
import { cx } from '../../lib/cx.ts';
import { isAccountProduct, type ShopProduct } from './catalogue-api.ts';
import { NOT_STOCKED_HERE } from './ProductCard.tsx';
import classes from './ProductTable.module.css';
import { formatQty, mouldingWidth, netPriceText, productTitle } from './product-info.ts';

export interface ProductTableProps {
  products: ShopProduct[];
  action: 'cart' | 'select' | 'none';
  ownLocation?: string | null;
  onDetails: (product: ShopProduct) => void;
  onAddToCart: (code: string) => void;
  onSelect: (code: string) => void;
}

/**
 * The Shop's dense list view: one line a product for buying by item number — item #, name, width,
 * list and net price, stock at the account's warehouse and the add button. Stacked cards on a phone.
 */
export function ProductTable({
  products,
  action,
  ownLocation,
  onDetails,
  onAddToCart,
  onSelect,
}: ProductTableProps) {
  const signedIn = products.some(isAccountProduct);
  const here = ownLocation ? locationName(ownLocation) : undefined;
  const stockLabel = here ? `Stock in ${here}` : 'Stock';
  return (
    <div className={classes.card}>
      <Table
        className={cx(classes.table, stacked.stack)}
        verticalSpacing={6}
        horizontalSpacing="sm"
        highlightOnHover
        data-testid="product-table"
        aria-label="Products"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Item #</Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Width</Table.Th>
            {signedIn ? (
              <>
                <Table.Th scope="col" className={classes.num}>
                  List
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Your price
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  {stockLabel}
                </Table.Th>
              </>
            ) : null}
            <Table.Th scope="col">
              <span className={classes.hidden}>Action</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => {
            const account = isAccountProduct(p) ? p : null;
            const net = account ? netPriceText(account) : null;
            const title = productTitle(p);
            const unit = p.FrameType === 'MOULDING' ? ' ft' : '';
            return (
              <Table.Tr key={p.Code} data-testid="product-row" data-code={p.Code}>
                <Table.Th scope="row" data-label="Item #" className={classes.code}>
                  <Anchor component="button" type="button" onClick={() => onDetails(p)} fw={700}>
                    {p.Code}
                  </Anchor>
                </Table.Th>
                <Table.Td data-label="Name" className={classes.name}>
                  {title}
                </Table.Td>
                <Table.Td data-label="Width" className={classes.nowrap}>
                  {mouldingWidth(p) || '—'}
                </Table.Td>
                {signedIn ? (
                  <>
                    <Table.Td data-label="List" className={classes.num}>
                      {net ? net.list : '—'}
                    </Table.Td>
                    <Table.Td data-label="Your price" className={classes.num} data-testid="row-net-price">
                      {net ? (
                        <span>
                          <strong>{net.net}</strong>{' '}
                          <Text component="span" size="xs" c="dimmed">
                            {net.unit}
                          </Text>
                        </span>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td
                      data-label={stockLabel}
                      className={classes.num}
                      data-empty={(account && account.available_here <= 0) || undefined}
                    >
                      {!account
                        ? '—'
                        : account.stocked_here
                          ? `${formatQty(account.available_here)}${unit}`
                          : NOT_STOCKED_HERE}
                    </Table.Td>
                  </>
                ) : null}
                <Table.Td className={classes.action}>
                  {action === 'cart' ? (
                    <Button
                      size="compact-sm"
                      leftSection={<IconPlus size={14} aria-hidden />}
                      onClick={() => onAddToCart(p.Code)}
                      aria-label={`Add to Cart: ${p.Code} ${title}`}
                    >
                      Add
                    </Button>
                  ) : action === 'select' ? (
                    <Button
                      size="compact-sm"
                      color="brass.4"
                      c="walnut.9"
                      onClick={() => onSelect(p.Code)}
                      aria-label={`Select ${p.Code} ${title}`}
                    >
                      Select
                    </Button>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => onDetails(p)}
                      aria-label={`Details of ${p.Code} ${title}`}
                    >
                      Details
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
