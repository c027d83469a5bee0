import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { StaffInvoiceResponse } from '@mitrebox/api-contract';
import { formatMoney, invoiceStatusText } from '@mitrebox/domain';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api.ts';
import { newAttemptKey } from '../../../../lib/payments-api.ts';
import { useStaffMay } from '../../staff-api.ts';
import { type InvoiceListQuery, useAdjustPayment, useStaffInvoice, useStaffInvoices } from './money-api.ts';

type SortKey = InvoiceListQuery['sort'];
const day = (iso: string) => iso.slice(0, 10);

/**
 * The back office's invoices: every account's invoices, paged, sorted and searched on the server
 * (account, invoice number, date); an invoice opens with its card payments, which admin and accounting staff
 * may refund (in full or in part) or void (before settlement).
 */
export default function MoneySection() {
  const [query, setQuery] = useState<InvoiceListQuery>({
    page: 1,
    perPage: 25,
    sort: 'invDate',
    dir: 'desc',
    q: '',
    from: '',
    to: '',
  });
  const [search] = useDebouncedValue(query.q, 250);
  const list = useStaffInvoices({ ...query, q: search });
  const [open, setOpen] = useState<number | null>(null);
  const set = (patch: Partial<InvoiceListQuery>) => setQuery((q) => ({ ...q, page: 1, ...patch }));

  const header = (key: SortKey, label: string) => {
    const active = query.sort === key;
    const Icon = !active ? IconArrowsSort : query.dir === 'asc' ? IconSortAscending : IconSortDescending;
    return (
      <Table.Th aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton
          onClick={() => set({ sort: key, dir: active && query.dir === 'desc' ? 'asc' : 'desc' })}
          fw={600}
          fz="sm"
        >
          <Group gap={4} wrap="nowrap">
            {label}
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  return (
    <Stack gap="md" p="md" data-testid="staff-invoices">
      <Title order={1} size="h2">
        Invoices and payments
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          description="Account number or invoice number"
          value={query.q}
          onChange={(e) => set({ q: e.currentTarget.value })}
          w={260}
        />
        <TextInput
          label="From"
          type="date"
          value={query.from}
          onChange={(e) => set({ from: e.currentTarget.value })}
        />
        <TextInput
          label="To"
          type="date"
          value={query.to}
          onChange={(e) => set({ to: e.currentTarget.value })}
        />
      </Group>
      {list.isError ? (
        <Alert color="red" variant="light" role="alert">
          {list.error instanceof Error ? list.error.message : String(list.error)}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover aria-label="Invoices" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              {header('invnum', 'Invoice')}
              {header('acctnum', 'Account')}
              {header('invDate', 'Date')}
              {header('invamt', 'Amount')}
              {header('balance', 'Balance')}
              {header('paystatus', 'Status')}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.rows.map((r) => (
              <Table.Tr key={r.invnum}>
                <Table.Td>
                  <UnstyledButton
                    c="var(--mantine-primary-color-filled)"
                    td="underline"
                    onClick={() => setOpen(r.invnum)}
                    aria-label={`Invoice ${r.invnum}: payments`}
                  >
                    {r.invnum}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{r.acctnum}</Table.Td>
                <Table.Td>{day(r.invDate)}</Table.Td>
                <Table.Td ta="right">${formatMoney(r.invamt)}</Table.Td>
                <Table.Td ta="right">${formatMoney(r.balance)}</Table.Td>
                <Table.Td>{invoiceStatusText(r.paystatus, r.balance)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {data ? `${data.total} invoices` : list.isLoading ? 'Loading…' : ''}
        </Text>
        <Pagination
          total={pages}
          value={query.page}
          onChange={(page) => setQuery((q) => ({ ...q, page }))}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      </Group>
      <InvoiceDrawer invnum={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

type Payment = StaffInvoiceResponse['payments'][number];

function InvoiceDrawer({ invnum, onClose }: { invnum: number | null; onClose: () => void }) {
  // sales read payments; returning money is for the roles that write this section
  const mayReturn = useStaffMay('invoices', 'write');
  const invoice = useStaffInvoice(invnum);
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  const [acting, setActing] = useState<{ payment: Payment; kind: 'refund' | 'void' } | null>(null);
  const inv = invoice.data;
  return (
    <Drawer
      opened={invnum !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'xl'}
      title={invnum ? `Invoice ${invnum}` : ''}
    >
      {invoice.isLoading ? <Loader size="sm" /> : null}
      {invoice.isError ? (
        <Alert color="red" variant="light" role="alert">
          {invoice.error instanceof Error ? invoice.error.message : String(invoice.error)}
        </Alert>
      ) : null}
      {inv ? (
        <Stack gap="sm">
          <Text>
            Account {inv.acctnum} · {day(inv.invDate)} · amount ${formatMoney(inv.invamt)} · paid $
            {formatMoney(inv.payamt)} · balance{' '}
            <strong data-testid="staff-invoice-balance">${formatMoney(inv.balance)}</strong>
          </Text>
          <Title order={2} size="h4">
            Card payments
          </Title>
          {inv.payments.length === 0 ? <Text c="dimmed">No card payments.</Text> : null}
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Card payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Card</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Returned</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inv.payments.map((p) => {
                  const left = Number(p.amount) - Number(p.refunded);
                  const live = p.status === 'succeeded' && Boolean(p.transactionId);
                  return (
                    <Table.Tr key={p.id} data-testid={`staff-payment-${p.id}`}>
                      <Table.Td>{day(p.createdAt)}</Table.Td>
                      <Table.Td>{p.lastFour ? `${p.cardType ?? ''} •••• ${p.lastFour}` : '—'}</Table.Td>
                      <Table.Td ta="right">${formatMoney(p.amount)}</Table.Td>
                      <Table.Td ta="right">${formatMoney(p.refunded)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={p.status === 'succeeded' ? 'green' : 'gray'}>
                          {p.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap" hidden={!mayReturn}>
                          <Button
                            size="xs"
                            variant="default"
                            disabled={!live || left <= 0}
                            onClick={() => setActing({ payment: p, kind: 'refund' })}
                          >
                            Refund
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            disabled={!live || Number(p.refunded) > 0}
                            onClick={() => setActing({ payment: p, kind: 'void' })}
                          >
                            Void
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
      {acting ? <AdjustModal {...acting} onClose={() => setActing(null)} /> : null}
    </Drawer>
  );
}

/** Refund (an amount up to what is left; all of it by default) or void, confirmed; one key per attempt. */
function AdjustModal({
  payment,
  kind,
  onClose,
}: {
  payment: Payment;
  kind: 'refund' | 'void';
  onClose: () => void;
}) {
  const left = (Number(payment.amount) - Number(payment.refunded)).toFixed(2);
  const [amount, setAmount] = useState(left);
  // the attempt's key: a second click or a retry after a lost answer sends the same one, so money moves once
  const [attempt, setAttempt] = useState(() => ({ key: newAttemptKey(), amount: left }));
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const adjust = useAdjustPayment();
  const submit = async () => {
    setProblem(null);
    let key = attempt.key;
    if (kind === 'refund' && amount !== attempt.amount) {
      key = newAttemptKey();
      setAttempt({ key, amount });
    }
    try {
      const answer = await adjust.mutateAsync({ paymentId: payment.id, kind, amount, key });
      setDone(answer.message);
    } catch (err) {
      setProblem(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title={kind === 'refund' ? 'Refund payment' : 'Void payment'} centered>
      <Stack gap="sm">
        <Text size="sm">
          {payment.cardType} •••• {payment.lastFour} · ${formatMoney(payment.amount)} ·{' '}
          {kind === 'refund'
            ? `$${formatMoney(left)} can be refunded`
            : 'voids the whole payment before it settles'}
        </Text>
        {kind === 'refund' ? (
          <TextInput
            label="Refund amount"
            leftSection="$"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value.replace(/[^\d.]/g, ''))}
            disabled={Boolean(done)}
          />
        ) : null}
        {problem ? (
          <Alert color="red" variant="light" role="alert" data-testid="adjust-problem">
            {problem}
          </Alert>
        ) : null}
        {done ? (
          <Alert color="green" variant="light" role="status" data-testid="adjust-done">
            {done}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {done ? 'Close' : 'Cancel'}
          </Button>
          {done ? null : (
            <Button color="red" onClick={submit} loading={adjust.isPending}>
              {kind === 'refund' ? 'Refund' : 'Void'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
