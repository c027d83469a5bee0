import { Alert, Button, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { creditAmountText, formatMoney, type Money, money } from '@mitrebox/domain';
import { IconAlertTriangle, IconFileSearch, IconPrinter, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useSiteInfo } from '../../lib/site.ts';
import classes from './document.module.css';
import { isNegative, type TotalsSource, totalsLines } from './document.ts';

/**
 * Pieces the account area's screens share (order and invoice documents, amounts, empty and error states).
 * They live beside the area's shell because web features do not import each other; they would sit in
 * components/ once that is open to this work.
 */
export const documentClasses = classes;

/** An amount: '1,234.50', or a credit (below zero) in red in parentheses: '(35.70)'. */
export function AmountText({ value, blank = '' }: { value: Money | null | undefined; blank?: string }) {
  if (value === null || value === undefined || value === '') return <>{blank}</>;
  if (isNegative(value)) {
    return (
      <span className={classes.credit}>
        <VisuallyHidden>credit </VisuallyHidden>
        {creditAmountText(value)}
      </span>
    );
  }
  return <>{formatMoney(value)}</>;
}

export interface ShipTo {
  ShipCompany: string | null;
  ShipAddress1: string | null;
  ShipAddress2: string | null;
  ShipCity: string | null;
  ShipState: string | null;
  ShipZip: string | null;
}

/** From (the company, from GET /api/site) and To (the ship-to address of the order). */
export function PartiesBlock({ shipTo, warehouse }: { shipTo: ShipTo; warehouse?: string | null }) {
  const site = useSiteInfo();
  const cityLine = [shipTo.ShipCity, [shipTo.ShipState, shipTo.ShipZip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <div className={classes.parties}>
      <address className={classes.party} aria-label="From">
        <div className={classes.partyLabel}>From</div>
        <div className={classes.partyName}>{site.companyName}</div>
        {site.addressLines.map((line) => (
          <div key={line}>{line}</div>
        ))}
        <div>{site.phone}</div>
        {warehouse ? (
          <Text size="sm" c="dimmed" mt={4}>
            Shipped from our {warehouse} warehouse
          </Text>
        ) : null}
      </address>
      <address className={classes.party} aria-label="To">
        <div className={classes.partyLabel}>To</div>
        <div className={classes.partyName}>{shipTo.ShipCompany}</div>
        {shipTo.ShipAddress1 ? <div>{shipTo.ShipAddress1}</div> : null}
        {shipTo.ShipAddress2 ? <div>{shipTo.ShipAddress2}</div> : null}
        {cityLine ? <div>{cityLine}</div> : null}
      </address>
    </div>
  );
}

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Read-only fields as a labelled grid (a printed form, not inputs): Terms, Ship Via, Sls… */
export function FactsGrid({ facts, label }: { facts: Fact[]; label: string }) {
  return (
    <dl className={classes.facts} aria-label={label}>
      {facts.map((f) => (
        <div key={f.label} className={classes.fact}>
          <dt className={classes.factLabel}>{f.label}</dt>
          <dd className={classes.factValue}>
            {f.value === null || f.value === undefined || f.value === '' ? '—' : f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The totals block; `after` adds lines under the total (an invoice's paid amount and balance). */
export function TotalsBlock({
  source,
  after = [],
}: {
  source: TotalsSource;
  after?: { label: string; amount: Money; strong?: boolean }[];
}) {
  return (
    <dl className={classes.totals} aria-label="Totals">
      {totalsLines(source).map((line) => (
        <div
          key={line.key}
          className={`${classes.totalsRow} ${line.key === 'total' ? classes.totalsGrand : ''}`}
        >
          <dt>{line.label}</dt>
          <dd>
            {line.key === 'discount' ? (
              `−${formatMoney(money(line.amount).abs())}`
            ) : (
              <AmountText value={line.amount} />
            )}
          </dd>
        </div>
      ))}
      {after.map((line, i) => (
        <div
          key={line.label}
          className={`${classes.totalsRow} ${i === 0 ? classes.totalsSub : ''}`}
          style={line.strong ? { fontWeight: 700 } : undefined}
        >
          <dt style={line.strong ? { color: 'var(--mantine-color-walnut-9)', fontWeight: 700 } : undefined}>
            {line.label}
          </dt>
          <dd>
            <AmountText value={line.amount} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface LineColumn<T> {
  key: string;
  label: ReactNode;
  /** The plain name on phone cards (when the label is an abbreviation). */
  cardLabel?: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
  className?: string;
  /** On a phone card, the whole width (instructions). */
  wide?: boolean;
}

/**
 * An order's or invoice's lines: a table, or on phones one card per line (title, description, then every
 * column with a value). Print always gets the table.
 */
export function LinesTable<T>({
  rows,
  rowKey,
  columns,
  label,
  cardTitle,
  cardSubtitle,
  cardSkip = [],
}: {
  rows: T[];
  rowKey: (row: T) => string | number;
  columns: LineColumn<T>[];
  label: string;
  cardTitle: (row: T) => ReactNode;
  cardSubtitle?: (row: T) => ReactNode;
  /** Columns the card's title and subtitle already show. */
  cardSkip?: string[];
}) {
  // Both are rendered; the stylesheet shows the cards on phones and the table everywhere else and on paper.
  const cards = (
    <ul className={classes.lineCards} aria-label={label}>
      {rows.map((row) => (
        <li key={rowKey(row)} className={classes.lineCard}>
          <div className={classes.lineCardTitle}>{cardTitle(row)}</div>
          {cardSubtitle ? <div className={classes.lineCardSubtitle}>{cardSubtitle(row)}</div> : null}
          <dl className={classes.lineCardGrid}>
            {columns
              .filter((c) => !cardSkip.includes(c.key))
              .map((c) => ({ c, value: c.cell(row) }))
              .filter(({ value }) => value !== null && value !== undefined && value !== '')
              .map(({ c, value }) => (
                <div key={c.key} className={c.wide ? classes.lineCardWide : undefined}>
                  <dt>{c.cardLabel ?? c.label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {cards}
      <div className={`${classes.tableCard} ${classes.linesTable}`}>
        <Table
          className={classes.table}
          verticalSpacing="xs"
          horizontalSpacing="xs"
          fz="sm"
          striped
          stripedColor="linen.0"
          aria-label={label}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} className={c.numeric ? classes.num : undefined}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    className={[c.numeric ? classes.num : '', c.className ?? ''].join(' ')}
                  >
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </>
  );
}

/** Print: the browser's dialog with the document's print stylesheet (12 px, no header, footer or menu). */
export function PrintButton() {
  return (
    <Button
      variant="default"
      leftSection={<IconPrinter size={18} aria-hidden />}
      onClick={() => window.print()}
      className={classes.noPrint}
    >
      Print
    </Button>
  );
}

/** Another account's order or invoice, or no such number: the server answers 404 (or 403 / 400). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}

export function NotFoundState({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className={classes.state} role="status">
      <IconFileSearch size={40} stroke={1.4} className={classes.stateIcon} aria-hidden />
      <Title order={2} size="h3" c="walnut.9">
        {title}
      </Title>
      <Text c="dimmed" mt="xs" maw={520} mx="auto">
        {children}
      </Text>
      <Group justify="center" mt="lg" gap="sm">
        {actions}
      </Group>
    </div>
  );
}

/** A call that failed for another reason (network, server): the message and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title="This could not be loaded"
    >
      <Stack gap="sm" align="flex-start">
        <span>{message}</span>
        <Button
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** The document's shape while it loads. */
export function DocumentSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton height={42} width="45%" />
      <div className={classes.parties}>
        <Skeleton height={118} />
        <Skeleton height={118} />
      </div>
      <Skeleton height={64} />
      <Skeleton height={220} />
    </Stack>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="default">
      {children}
    </Button>
  );
}

/** The read-only Terms, Ship via, Sls, Pay by, PO # and Operator of an order or invoice (account-area §2). */
export function TermsAndShipping({
  doc,
}: {
  doc: {
    Terms: string | null;
    Shipvia: string | null;
    Sls: string | null;
    PayBy: string | null;
    CustPo: string | null;
    Operator: string | null;
  };
}) {
  return (
    <FactsGrid
      label="Terms and shipping"
      facts={[
        { label: 'Terms', value: doc.Terms },
        { label: 'Ship via', value: doc.Shipvia },
        { label: 'Sls', value: doc.Sls },
        { label: 'Pay by', value: doc.PayBy },
        { label: 'PO #', value: doc.CustPo },
        { label: 'Operator', value: doc.Operator },
      ]}
    />
  );
}
