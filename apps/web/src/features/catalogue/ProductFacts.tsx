import { Badge, Table, Text } from '@mantine/core';
import type { AccountProduct, PublicProduct } from '@mitrebox/api-contract';
import { MOULDING_TYPE } from '@mitrebox/domain';
import stacked from '../../components/stacked-table.module.css';
import { cx } from '../../lib/cx.ts';
import { useSession } from '../../lib/session.ts';
import classes from './ProductFacts.module.css';
import { formatQty, isBypass, listPrices, productFacts } from './product-info.ts';

/** Every public attribute of a product as a definition list. */
export function FactList({ product, columns = 1 }: { product: PublicProduct; columns?: 1 | 2 }) {
  return (
    <dl className={classes.facts} data-columns={columns}>
      {productFacts(product).map((f) => (
        <div key={f.label} className={classes.fact}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** List prices by order type (signed-in customers only). */
export function PriceTable({
  product,
  caption = 'List prices',
}: {
  product: AccountProduct;
  caption?: string;
}) {
  const rows = listPrices(product);
  if (rows.length === 0) return null;
  return (
    <div className={classes.block}>
      <Table className={classes.table} verticalSpacing={6} horizontalSpacing="sm" data-testid="price-table">
        <caption className={classes.caption}>
          {caption}
          {isBypass(product) ? (
            <Badge size="sm" variant="light" color="walnut" ml="xs">
              Net price · no discounts
            </Badge>
          ) : null}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              {product.type === MOULDING_TYPE
                ? 'Order type'
                : product.FrameType === 'MATS' || product.FrameType === 'GLASS'
                  ? 'Price level'
                  : 'Sold by'}
            </Table.Th>
            <Table.Th scope="col" className={classes.num}>
              Price
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.label}>
              <Table.Th scope="row" fw={600}>
                {r.label}
                {r.note ? (
                  <Text component="span" size="xs" c="dimmed" display="block" fw={400}>
                    {r.note}
                  </Text>
                ) : null}
              </Table.Th>
              <Table.Td className={classes.num}>
                <span className={classes.price}>{r.price}</span>{' '}
                <Text component="span" size="xs" c="dimmed">
                  {r.unit}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>
        Your account discounts apply when you add to the cart.
      </Text>
    </div>
  );
}

/** Stock in each warehouse, the account's own first and marked (signed-in customers only). */
export function StockTable({ product }: { product: AccountProduct }) {
  const { account } = useSession();
  const own = account?.Location ?? null;
  const rows = [...product.stock].sort((a, b) => Number(b.Loc === own) - Number(a.Loc === own));
  if (rows.length === 0) return null;
  const unit = product.FrameType === 'MOULDING' ? 'ft' : '';
  return (
    <div className={classes.block}>
      <Table
        className={cx(classes.table, stacked.stack)}
        verticalSpacing={6}
        horizontalSpacing="sm"
        data-testid="stock-table"
      >
        <caption className={classes.caption}>Stock by warehouse{unit ? ' (feet)' : ''}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Warehouse</Table.Th>
            <Table.Th scope="col" className={classes.num}>
              On hand
            </Table.Th>
            <Table.Th scope="col" className={classes.num}>
              Committed
            </Table.Th>
            <Table.Th scope="col" className={classes.num}>
              Available
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.Loc} data-own={s.Loc === own || undefined} className={classes.stockRow}>
              <Table.Th scope="row" fw={600} data-label="Warehouse">
                <span>
                  {s.Name}
                  {s.Loc === own ? <span className={classes.own}>Yours</span> : null}
                </span>
              </Table.Th>
              <Table.Td className={classes.num} data-label="On hand">
                {formatQty(s.Onhand)}
              </Table.Td>
              <Table.Td className={classes.num} data-label="Committed">
                {formatQty(s.CommitAmt)}
              </Table.Td>
              <Table.Td
                className={classes.num}
                data-zero={s.available <= 0 || undefined}
                data-label="Available"
              >
                <strong>{formatQty(s.available)}</strong>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
