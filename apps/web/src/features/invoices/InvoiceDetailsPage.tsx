import { Anchor, Badge, Button, Collapse, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Invoice } from '@mitrebox/api-contract';
import { invoiceStatusText, PAYSTATUS, payButton } from '@mitrebox/domain';
import { IconChevronDown, IconCreditCard } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { formatBusinessDate, useBusinessTimeZone } from '../../components/account-documents/business-time.ts';
import {
  AmountText,
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
import { lineColumns } from '../../components/account-documents/line-columns.tsx';
import { OrderAgainButton } from '../../components/order-again/OrderAgainButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { BillingMethodModal } from '../../components/payments/BillingMethodModal.tsx';
import { PartPaidNotice } from '../../components/payments/PartPaidNotice.tsx';
import { useSession } from '../../lib/session.ts';
import classes from './InvoiceDetailsPage.module.css';
import { invoiceNumberParam, useInvoice } from './invoices-api.ts';

const STATUS_COLOR: Record<number, string> = { 0: 'red', 1: 'green', 3: 'pink', 4: 'green' };

type InvoiceLine = Invoice['invoice_items'][number];
const col = lineColumns<InvoiceLine>();
const INVOICE_LINE_COLUMNS: LineColumn<InvoiceLine>[] = [
  { key: 'ship', label: 'Ship', cell: (i) => <strong>{i.Shipped}</strong>, numeric: true },
  { key: 'order', label: 'Order', cardLabel: 'Ordered', cell: (i) => i.Qty, numeric: true },
  col.code,
  col.description,
  col.dimension,
  col.type,
  col.footage,
  col.unit,
  col.total,
  col.join,
  col.instructions,
];

function InvoiceItems({ invoice }: { invoice: Invoice }) {
  return (
    <LinesTable
      rows={invoice.invoice_items}
      rowKey={(i) => i.Seqnum}
      columns={INVOICE_LINE_COLUMNS}
      label="Items"
      cardTitle={(i) => `${i.Shipped} × ${i.Code}`}
      cardSubtitle={(i) => i.Description}
      cardSkip={['ship', 'code', 'description']}
    />
  );
}

function PaymentsTable({ invoice, timeZone }: { invoice: Invoice; timeZone: string }) {
  return (
    <Table verticalSpacing={6} className={classes.paymentsTable} aria-label="Payments">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Date</Table.Th>
          <Table.Th className={doc.num}>Inv Amt</Table.Th>
          <Table.Th className={doc.num}>Pay Amt</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoice.payments.map((p) => (
          <Table.Tr key={p.SeqNum}>
            <Table.Td>{formatBusinessDate(p.TranDate, timeZone)}</Table.Td>
            <Table.Td className={doc.num}>
              <AmountText value={p.InvAmt} />
            </Table.Td>
            <Table.Td className={doc.num}>
              <AmountText value={p.PayAmt} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The invoice's payments, collapsible on screen (account-area §2): Date, Inv Amt, Pay Amt. On paper they are
 * always printed, open.
 */
function PaymentsPanel({ invoice, timeZone }: { invoice: Invoice; timeZone: string }) {
  const [open, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const count = invoice.payments.length;
  return (
    <div>
      <section className={`${classes.payments} ${doc.noPrint}`} aria-label="Payments">
        <UnstyledButton
          className={classes.paymentsToggle}
          onClick={toggle}
          aria-expanded={open}
          aria-controls={panelId}
        >
          <span>
            Payments{' '}
            <Badge component="span" size="sm" variant="light" color="walnut" ml={4}>
              {count}
            </Badge>
          </span>
          <IconChevronDown
            size={18}
            aria-hidden
            className={classes.chevron}
            style={{ transform: open ? 'rotate(180deg)' : undefined }}
          />
        </UnstyledButton>
        <Collapse expanded={open} id={panelId}>
          {count === 0 ? (
            <Text size="sm" c="dimmed" px="md" pb="md">
              No payments have been recorded on this invoice yet.
            </Text>
          ) : (
            <PaymentsTable invoice={invoice} timeZone={timeZone} />
          )}
        </Collapse>
      </section>
      {count > 0 ? (
        <div className={`${doc.printOnly} ${classes.payments}`}>
          <Text fw={700} px="sm" py={4}>
            Payments
          </Text>
          <PaymentsTable invoice={invoice} timeZone={timeZone} />
        </div>
      ) : null}
    </div>
  );
}

function FullInvoice({ invoice, reload }: { invoice: Invoice; reload: () => Promise<unknown> }) {
  const timeZone = useBusinessTimeZone();
  const [payOpen, pay] = useDisclosure(false);
  const status = invoiceStatusText(invoice.paystatus, invoice.balance);
  const button = payButton(invoice.paystatus, invoice.balance);
  const { rights } = useSession();
  return (
    <div className={doc.doc} data-testid="invoice-document">
      <PageHeader
        eyebrow="Invoice"
        title={`Invoice ${invoice.Invnum}`}
        description={
          status ? (
            <Badge
              component="span"
              size="lg"
              radius="sm"
              variant="light"
              color={STATUS_COLOR[invoice.paystatus] ?? 'gray'}
              className={classes.statusBadge}
              data-testid="invoice-status"
            >
              {status}
            </Badge>
          ) : undefined
        }
        actions={
          <Group gap="sm" className={doc.noPrint}>
            <PrintButton />
            <OrderAgainButton invnum={invoice.Invnum} size="sm" />
            {button.shown && rights.pay ? (
              <Button
                leftSection={<IconCreditCard size={18} aria-hidden />}
                disabled={!button.enabled}
                onClick={pay.open}
                aria-describedby={invoice.paystatus === PAYSTATUS.balance ? 'part-paid-reason' : undefined}
              >
                Submit Payment
              </Button>
            ) : null}
          </Group>
        }
      />

      <div className={doc.noPrint}>
        <PartPaidNotice paystatus={invoice.paystatus} balance={invoice.balance} />
      </div>

      <PartiesBlock shipTo={invoice} warehouse={invoice.location?.Name} />

      <FactsGrid
        label="Invoice"
        facts={[
          { label: 'Invoice #', value: invoice.Invnum },
          {
            label: 'Order #',
            value: (
              <Anchor component={Link} to={`/Admin/OrderDetails/${invoice.Ordnum}`} fw={700}>
                {invoice.Ordnum}
              </Anchor>
            ),
          },
          { label: 'Invoice date', value: formatBusinessDate(invoice.InvDate, timeZone) },
          { label: 'Payment due', value: formatBusinessDate(invoice.DueDate, timeZone) },
          { label: 'Account', value: invoice.Acctnum },
        ]}
      />
      <TermsAndShipping doc={invoice} />

      <InvoiceItems invoice={invoice} />

      <div className={doc.bottom}>
        <PaymentsPanel invoice={invoice} timeZone={timeZone} />
        <TotalsBlock
          source={invoice}
          after={[
            { label: 'Paid', amount: invoice.payamt },
            { label: 'Balance due', amount: invoice.balance, strong: true },
          ]}
        />
      </div>

      {payOpen ? (
        <BillingMethodModal opened={payOpen} onClose={pay.close} invoice={invoice} onPaid={reload} />
      ) : null}
    </div>
  );
}

/** /Admin/InvoiceDetails/{invoiceid} (account-area §2): the invoice to read, print and pay. */
export default function InvoiceDetailsPage() {
  const { invoiceid } = useParams();
  const invnum = invoiceNumberParam(invoiceid);
  const invoice = useInvoice(invnum);

  if (invnum === null || (invoice.isError && isNotFound(invoice.error)) || invoice.data === null) {
    return (
      <NotFoundState
        title="We couldn't find that invoice"
        actions={
          <>
            <BackLink to="/Admin/userListOrders">Orders Invoiced</BackLink>
            <BackLink to="/Admin/Credits">Credits</BackLink>
          </>
        }
      >
        There is no invoice {invoiceid ? <strong>{invoiceid}</strong> : null} on your account. Check the
        number, or find the invoice in your orders.
      </NotFoundState>
    );
  }
  if (invoice.isError) return <LoadError error={invoice.error} onRetry={() => void invoice.refetch()} />;
  if (!invoice.data) return <DocumentSkeleton />;
  return <FullInvoice invoice={invoice.data} reload={() => invoice.refetch()} />;
}
