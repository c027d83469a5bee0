import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Skeleton,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { OrderListRow, SessionAccount } from '@mitrebox/api-contract';
import {
  formatMoney,
  orderStatusLabel,
  PAYSTATUS,
  parseQuickOrder,
  type QuickOrderProblem,
} from '@mitrebox/domain';
import {
  IconAlertCircle,
  IconArrowRight,
  IconCheck,
  IconFileInvoice,
  IconShoppingCartPlus,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { BuyAgainCarousel } from '../../components/BuyAgainCarousel.tsx';
import { useAccountBalance } from '../../lib/balance-api.ts';
import { formatShortDate } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { recentOrdersQuery } from '../../lib/shared-queries.ts';
import classes from './AccountHome.module.css';
import { useRecentPurchases } from './home-api.ts';
import { addQuickOrder } from './quick-order.ts';

const dollars = (v: string | null) => `$${formatMoney(v ?? '0')}`;

/** An order's state in a word: not yet sent to the warehouse, its payment state, or its batch's. */
function orderState(row: OrderListRow): string {
  if (!row.synced) return 'Pending';
  return orderStatusLabel(row.paystatus, row.batchStatus) || 'Invoiced';
}

/** A panel's heading with its link to the full page. */
function PanelHead({
  id,
  icon,
  title,
  to,
  link,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  to: string;
  link: string;
}) {
  return (
    <div className={classes.panelHead}>
      <Title order={2} id={id} className={classes.panelTitle}>
        {icon}
        {` ${title}`}
      </Title>
      <Anchor component={Link} to={to} size="sm" fw={600}>
        {link}
      </Anchor>
    </div>
  );
}

/** The reduced welcome: the account's number and company, Shop and My orders. */
function Welcome({ account }: { account: SessionAccount | null | undefined }) {
  return (
    <section className={classes.welcome} aria-labelledby="home-title">
      <Container size="xl" className={classes.welcomeInner}>
        <div>
          <Text className={classes.kicker}>Account {account?.Acctnum}</Text>
          <Title order={1} id="home-title" className={classes.title}>
            Welcome back, {account?.Company}
          </Title>
        </div>
        <Group gap="sm">
          <Button
            component={Link}
            to="/Shop"
            color="brass.4"
            c="walnut.9"
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            Shop
          </Button>
          <Button component={Link} to="/Admin/userListOrders" variant="outline" color="brass.2">
            My orders
          </Button>
        </Group>
      </Container>
    </section>
  );
}

/** The five latest orders with their totals and states. */
function RecentOrdersPanel() {
  const recentOrders = useQuery(recentOrdersQuery);
  const orders = (recentOrders.data?.data.data ?? []).slice(0, 5);
  return (
    <section className={classes.panel} aria-labelledby="home-orders" data-testid="home-orders">
      <PanelHead
        id="home-orders"
        icon={<IconTruckDelivery size={20} aria-hidden />}
        title="Recent orders"
        to="/Admin/userListOrders"
        link="All orders"
      />
      {recentOrders.isPending ? (
        <Skeleton height={140} radius="sm" />
      ) : orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          No orders yet.
        </Text>
      ) : (
        <ul className={classes.rows} aria-label="Recent orders">
          {orders.map((o) => (
            <li key={o.Ordnum} className={classes.row}>
              <Anchor component={Link} to={`/Admin/OrderDetails/${o.Ordnum}`} fw={700}>
                Order {o.Ordnum}
              </Anchor>
              <Text size="xs" c="dimmed" className={classes.rowMeta}>
                {formatShortDate(o.OrdDate)} · {o.location.Name}
              </Text>
              <span className={classes.rowEnd}>
                <Text size="sm" fw={600} className={classes.amount}>
                  {dollars(o.OrderInvTotal)}
                </Text>
                <Badge
                  size="sm"
                  radius="sm"
                  variant="light"
                  color={
                    orderState(o) === 'Paid' ? 'green' : orderState(o) === 'Pending' ? 'brass' : 'walnut'
                  }
                  className={classes.state}
                >
                  {orderState(o)}
                </Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The invoices due: what the account owes — invoices not paid or part paid, less open credits, by the one
 * definition the server applies (GET /api/account/balance) — and the oldest four.
 */
function InvoicesDuePanel({ acctnum }: { acctnum: string | null | undefined }) {
  const due = useAccountBalance(acctnum);
  const b = due.data;
  const count = b?.invoiceCount ?? 0;
  const hasCredits = Number(b?.creditsOpen ?? 0) > 0;
  // more open credit than owed: the supplier owes the account (shown as a credit, not a negative amount)
  const inCredit = Number(b?.totalDue ?? 0) < 0;
  return (
    <section className={classes.panel} aria-labelledby="home-due" data-testid="home-invoices-due">
      <PanelHead
        id="home-due"
        icon={<IconFileInvoice size={20} aria-hidden />}
        title="Invoices due"
        to="/Admin/userListOrders/payments"
        link="Pay invoices"
      />
      {due.isPending ? (
        <Skeleton height={140} radius="sm" />
      ) : due.isError || !b ? (
        <Text size="sm" c="dimmed">
          The balance could not be loaded. Please refresh the page.
        </Text>
      ) : (
        <>
          <div className={classes.balance}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts="0.05em">
              {inCredit ? 'Credit balance' : 'Total balance due'}
            </Text>
            <Text className={classes.balanceValue} data-testid="home-balance">
              {dollars(b.totalDue.replace('-', ''))}
            </Text>
            <Text size="xs" c="dimmed" data-testid="home-balance-detail">
              {count === 0
                ? 'No invoice is open. Thank you!'
                : `${count} ${count === 1 ? 'invoice' : 'invoices'} open, ${dollars(b.invoicesDue)}`}
              {hasCredits ? `, less ${dollars(b.creditsOpen)} in open credits` : ''}
            </Text>
          </div>
          {b.oldest.length > 0 ? (
            <ul className={classes.rows} aria-label="Invoices due">
              {b.oldest.slice(0, 4).map((r) => (
                <li key={r.Invnum} className={classes.row}>
                  <Anchor component={Link} to={`/Admin/InvoiceDetails/${r.Invnum}`} fw={700}>
                    Invoice {r.Invnum}
                  </Anchor>
                  <Text size="xs" c="dimmed" className={classes.rowMeta}>
                    {formatShortDate(r.InvDate)}
                  </Text>
                  <span className={classes.rowEnd}>
                    <Text size="sm" fw={600} className={classes.amount}>
                      {dollars(r.balance)}
                    </Text>
                    {r.paystatus === PAYSTATUS.balance ? (
                      <Badge size="sm" radius="sm" variant="light" color="pink" className={classes.state}>
                        Part paid
                      </Badge>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The signed-in home: the account at a glance — open orders and their state, invoices due with
 * the total balance, a quick order box and Buy Again with the account's prices — under a reduced welcome.
 */
export function AccountHome() {
  const { account, mayOrder, rights } = useSession();
  const canBuy = mayOrder;
  const recent = useRecentPurchases(canBuy);
  return (
    <>
      <Welcome account={account} />
      <Container size="xl" className={classes.glance}>
        {rights.prices ? <RecentOrdersPanel /> : null}
        {rights.prices ? <InvoicesDuePanel acctnum={account?.Acctnum} /> : null}
        {canBuy ? <QuickOrder location={account?.Location} /> : null}
      </Container>

      {canBuy && (recent.data?.length ?? 0) > 0 ? (
        <section className={classes.buyAgain} aria-labelledby="home-buy-again">
          <Container size="xl">
            <Title order={2} id="home-buy-again" className={classes.sectionTitle}>
              Buy Again
            </Title>
            <BuyAgainCarousel items={recent.data ?? []} />
          </Container>
        </section>
      ) : null}
    </>
  );
}

/** Item # and quantity, or a pasted list of them: each line goes to the cart through the cart's own rules. */
function QuickOrder({ location }: { location: string | null | undefined }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<QuickOrderProblem[]>([]);
  const [added, setAdded] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setAdded(null);
    const parsed = parseQuickOrder(text);
    if (parsed.lines.length === 0 && parsed.problems.length === 0) {
      setProblems([]);
      setError('Type an item # and a quantity, e.g. FER-133-0412 20.');
      return;
    }
    setBusy(true);
    try {
      const result =
        parsed.lines.length > 0
          ? await addQuickOrder(client, parsed.lines, location)
          : { added: [], problems: [] };
      const all = [...parsed.problems, ...result.problems].sort((a, b) => a.line - b.line);
      setProblems(all);
      setAdded(result.added.length);
      // what went in leaves the box; what did not stays to be corrected
      const keep = new Set(all.map((p) => p.line));
      setText(
        text
          .split(/\r?\n/)
          .filter((_, i) => keep.has(i + 1))
          .join('\n'),
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The lines could not be added. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={classes.panel} aria-labelledby="home-quick-order" data-testid="quick-order">
      <PanelHead
        id="home-quick-order"
        icon={<IconShoppingCartPlus size={20} aria-hidden />}
        title="Quick order"
        to="/Cart"
        link="Cart"
      />
      <form onSubmit={submit} aria-label="Quick order">
        <Textarea
          label="Item # and quantity"
          description="One a line, e.g. FER-133-0412 20 — feet for mouldings, pieces for everything else."
          placeholder={'FER-133-0412 20\nGL-MU-1824 5'}
          autosize
          minRows={3}
          maxRows={10}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          spellCheck={false}
          autoCapitalize="characters"
        />
        <Button
          type="submit"
          mt="sm"
          loading={busy}
          leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
        >
          Add to Cart
        </Button>
      </form>
      {added !== null && added > 0 ? (
        <Alert mt="sm" color="green" icon={<IconCheck size={18} aria-hidden />} role="status">
          {added === 1 ? '1 line was added' : `${added} lines were added`} to your cart.{' '}
          <Anchor component={Link} to="/Cart" fw={700}>
            Review the cart
          </Anchor>
        </Alert>
      ) : null}
      {error ? (
        <Alert mt="sm" color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {error}
        </Alert>
      ) : null}
      {problems.length > 0 ? (
        <Alert
          mt="sm"
          color="red"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title="Not added"
          data-testid="quick-order-problems"
        >
          <ul className={classes.problems}>
            {problems.map((p) => (
              <li key={`${p.line}-${p.message}`}>
                <strong>Line {p.line}</strong> ({p.text}): {p.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </section>
  );
}
