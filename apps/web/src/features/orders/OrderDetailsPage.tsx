import { Alert, Anchor, Badge, Button, Group, Text, Title } from '@mantine/core';
import type { Order, OrderItem } from '@mitrebox/api-contract';
import { IconCircleCheck, IconFileInvoice, IconHourglass } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link, useParams } from 'react-router';
import { formatBusinessDate, useBusinessTimeZone } from '../../components/account-documents/business-time.ts';
import {
  BackLink,
  DocumentSkeleton,
  documentClasses as doc,
  FactsGrid,
  isNotFound,
  type LineColumn,
  LinesTable,
  LoadError,
  NotFoundState,
  PartiesBlock,
  PrintButton,
  TermsAndShipping,
  TotalsBlock,
} from '../../components/account-documents/DocumentParts.tsx';
import { isPendingOrder } from '../../components/account-documents/document.ts';
import { lineColumns } from '../../components/account-documents/line-columns.tsx';
import { OrderAgainButton } from '../../components/order-again/OrderAgainButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ShipBy } from '../../components/ship-by/ShipBy.tsx';
import { formatCurrency } from '../../lib/format.ts';
import classes from './OrderDetailsPage.module.css';
import { orderNumberParam, useOrderDetails } from './orders-api.ts';

const invoiceLink = (n: number) => (
  <Anchor component={Link} to={`/Admin/InvoiceDetails/${n}`} fw={700}>
    {n}
  </Anchor>
);

function InvoiceLinks({ numbers }: { numbers: number[] }) {
  if (numbers.length === 0) return <>—</>;
  return (
    <>
      {numbers.map((n, i) => (
        <Fragment key={n}>
          {i > 0 ? ', ' : null}
          {invoiceLink(n)}
        </Fragment>
      ))}
    </>
  );
}

/** Before sync (synced ≠ 1): only the thank-you, the 'Pending' label and the order number (account-area §4). */
function PendingOrder({ order }: { order: Order }) {
  const ordnum = order.Ordnum;
  return (
    <div className={classes.thanks}>
      <IconCircleCheck size={52} stroke={1.4} className={classes.thanksIcon} aria-hidden />
      <Title order={1} className={classes.thanksTitle}>
        Thank you for your order
      </Title>
      <Group justify="center" gap="sm" mt="sm">
        <Text size="lg" fw={600} c="walnut.9">
          Order <span data-testid="order-number">{ordnum}</span>
        </Text>
        <Badge
          size="lg"
          color="brass.8"
          variant="filled"
          leftSection={<IconHourglass size={14} aria-hidden />}
        >
          Pending
        </Badge>
      </Group>
      <dl className={classes.placed} aria-label="Your order">
        <div>
          <dt>Order #</dt>
          <dd>{ordnum}</dd>
        </div>
        <div>
          <dt>PO #</dt>
          <dd data-testid="order-po">{order.CustPo || 'None'}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd data-testid="order-total">{formatCurrency(order.InvTotal)}</dd>
        </div>
      </dl>
      <Text size="lg" mt="lg" maw={560} mx="auto">
        A confirmation will be sent to you by e-mail. Your order will appear in{' '}
        <Anchor component={Link} to="/Admin/userListOrders/pending" fw={600}>
          Pending Orders
        </Anchor>{' '}
        until we invoice it.
      </Text>
      <Group justify="center" mt="lg">
        <ShipBy locations={order.items.map((item) => item.Location)} placedAt={order.OrdDate} />
      </Group>
      <Group justify="center" mt="xl" gap="sm">
        <Button component={Link} to="/Shop">
          Continue shopping
        </Button>
        <Button component={Link} to="/Admin/userListOrders/pending" variant="default">
          Orders Pending
        </Button>
        <OrderAgainButton ordnum={ordnum} size="sm" variant="default" />
      </Group>
    </div>
  );
}

const col = lineColumns<OrderItem>();
const ORDER_LINE_COLUMNS: LineColumn<OrderItem>[] = [
  { key: 'qty', label: 'Qty', cell: (i) => i.Qty, numeric: true },
  col.code,
  col.description,
  col.type,
  col.footage,
  col.unit,
  col.join,
  col.total,
  col.dimension,
  col.size,
  col.instructions,
];

function OrderItems({ order }: { order: Order }) {
  return (
    <LinesTable
      rows={order.items}
      rowKey={(i) => i.Seqnum}
      columns={ORDER_LINE_COLUMNS}
      label="Items"
      cardTitle={(i) => `${i.Qty} × ${i.Code}`}
      cardSubtitle={(i) => i.Description}
      cardSkip={['qty', 'code', 'description']}
    />
  );
}

function FullOrder({ order }: { order: Order }) {
  const timeZone = useBusinessTimeZone();
  const invoices =
    order.InvoiceNumbers.length > 0 ? order.InvoiceNumbers : order.Invnum ? [order.Invnum] : [];
  return (
    <div className={doc.doc} data-testid="order-document">
      <PageHeader
        eyebrow="Order"
        title={`Order ${order.Ordnum}`}
        actions={
          <Group gap="sm" className={doc.noPrint}>
            <PrintButton />
            <OrderAgainButton ordnum={order.Ordnum} size="sm" />
          </Group>
        }
      />

      {invoices.length > 0 ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconFileInvoice size={20} aria-hidden />}
          className={doc.noPrint}
          title={
            invoices.length === 1 ? 'This order has been invoiced' : 'This order has been invoiced in parts'
          }
        >
          {invoices.length === 1 ? 'See invoice ' : 'See invoices '}
          <InvoiceLinks numbers={invoices} /> for what shipped, payments and the balance.
        </Alert>
      ) : null}

      <PartiesBlock shipTo={order} warehouse={order.location?.Name} />

      <FactsGrid
        label="Order"
        facts={[
          { label: invoices.length > 1 ? 'Invoices' : 'Invoice', value: <InvoiceLinks numbers={invoices} /> },
          { label: 'Order #', value: order.Ordnum },
          { label: 'Order date', value: formatBusinessDate(order.OrdDate, timeZone) },
          { label: 'Payment due', value: formatBusinessDate(order.DueDate, timeZone) },
          { label: 'Account', value: order.Acctnum },
        ]}
      />
      <TermsAndShipping doc={order} />

      <OrderItems order={order} />

      <div className={doc.bottom}>
        <Text size="sm" c="dimmed">
          {order.items.length} {order.items.length === 1 ? 'line' : 'lines'}. Prices in US dollars.
        </Text>
        <TotalsBlock source={order} />
      </div>
    </div>
  );
}

/**
 * /Admin/OrderDetails/{orderid} and /orderView/{orderid} (account-area §2): the order to read and print, or —
 * before it is synced — only the thank-you that customers see right after placing it.
 */
export default function OrderDetailsPage() {
  const { orderid } = useParams();
  const ordnum = orderNumberParam(orderid);
  const order = useOrderDetails(ordnum);

  if (ordnum === null || (order.isError && isNotFound(order.error))) {
    return (
      <NotFoundState
        title="We couldn't find that order"
        actions={
          <>
            <BackLink to="/Admin/userListOrders">Orders Invoiced</BackLink>
            <BackLink to="/Admin/userListOrders/pending">Orders Pending</BackLink>
          </>
        }
      >
        There is no order {orderid ? <strong>{orderid}</strong> : null} on your account. Check the number, or
        find the order in your lists.
      </NotFoundState>
    );
  }
  if (order.isError) return <LoadError error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data) return <DocumentSkeleton />;
  if (isPendingOrder(order.data.synced)) return <PendingOrder order={order.data} />;
  return <FullOrder order={order.data} />;
}
