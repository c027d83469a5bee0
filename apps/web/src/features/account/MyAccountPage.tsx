import { Alert, Anchor, Skeleton, Stack, Table, Text } from '@mantine/core';
import { locationName } from '@mitrebox/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/account-documents/DocumentParts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { current as currentSession, useSession } from '../../lib/session.ts';
import { telHref, useSiteInfo } from '../../lib/site.ts';
import { AccountSection } from './AccountSection.tsx';
import {
  type AccountSummary,
  accountDetailsQuery,
  accountsQuery,
  discountLabelsQuery,
  mailPreferencesQuery,
  useAccounts,
  useDiscountLabels,
} from './account-api.ts';
import { BillingSection } from './BillingSection.tsx';
import { MailPreferences } from './MailPreferences.tsx';
import classes from './MyAccountPage.module.css';
import { EmailSection, PasswordSection } from './SignInSettings.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.detail}>
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === '' ? '—' : children}</dd>
    </div>
  );
}

/** One account of the listing: who, where, terms and how it ships (account-area §2 'account listing'). */
function AccountCard({ account }: { account: AccountSummary }) {
  const site = useSiteInfo();
  const warehouse =
    site.warehouses.find((w) => w.code === account.Location)?.name ??
    locationName(account.Location) ??
    account.Location;
  const cityLine = [account.City, [account.State, account.Zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <div className={classes.accountCard} data-testid={`account-${account.Acctnum}`}>
      <div className={classes.accountHead}>
        <div>
          <Text className={classes.accountName}>{account.Company}</Text>
          <Text size="sm" c="dimmed">
            Account {account.Acctnum}
          </Text>
        </div>
      </div>
      <dl className={classes.details}>
        <Detail label="Contact">
          {account.Contact}
          {account.Title ? <Text span c="dimmed">{`, ${account.Title}`}</Text> : null}
        </Detail>
        <Detail label="Phone">
          {account.Phone ? <Anchor href={telHref(account.Phone)}>{account.Phone}</Anchor> : null}
        </Detail>
        <Detail label="Address">
          {[account.Address1, account.Address2, cityLine].filter(Boolean).map((line) => (
            <span key={line} className={classes.line}>
              {line}
            </span>
          ))}
        </Detail>
        <Detail label="Terms">{account.Terms}</Detail>
        <Detail label="Ship via">{account.Shipvia}</Detail>
        <Detail label="Home warehouse">{warehouse}</Detail>
      </dl>
    </div>
  );
}

function AccountsSection() {
  const accounts = useAccounts();
  return (
    <AccountSection
      title={accounts.data && accounts.data.length > 1 ? 'Accounts' : 'Account'}
      id="my-account-accounts"
    >
      {accounts.isError ? (
        <LoadError error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : !accounts.data ? (
        <Skeleton height={190} radius="md" />
      ) : (
        <Stack gap="sm">
          {accounts.data.map((a) => (
            <AccountCard key={a.Acctnum} account={a} />
          ))}
        </Stack>
      )}
    </AccountSection>
  );
}

function DiscountsSection() {
  const discounts = useDiscountLabels();
  return (
    <AccountSection title="Discounts" id="my-account-discounts">
      {discounts.isError ? (
        <LoadError error={discounts.error} onRetry={() => void discounts.refetch()} />
      ) : !discounts.data ? (
        <Skeleton height={190} radius="md" />
      ) : discounts.data.length === 0 ? (
        <Text c="dimmed">No discounts are set on this account.</Text>
      ) : (
        <div className={classes.tableCard}>
          <Table verticalSpacing={6} aria-label="Discounts" className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Level</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {discounts.data.map((d) => (
                <Table.Tr key={d.field}>
                  <Table.Td>{d.label}</Table.Td>
                  <Table.Td fw={600}>{d.name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </AccountSection>
  );
}

/**
 * My Account's first data, beside its code (ADR 013): the accounts, their discounts, the saved cards (with the pay
 * right) and the e-mail switches. The server's render of the page makes the same calls, so the page comes drawn.
 */
export function prefetch(client: QueryClient): Promise<unknown> {
  const { signedIn, account, rights } = currentSession();
  if (!signedIn) return Promise.resolve();
  return Promise.all([
    client.prefetchQuery(accountsQuery),
    client.prefetchQuery(discountLabelsQuery),
    client.prefetchQuery(mailPreferencesQuery),
    rights.pay ? client.prefetchQuery(accountDetailsQuery(account?.Acctnum)) : null,
  ]);
}

/**
 * My Account (account-area §2 Account settings): the account listing, discounts, billing methods (add, edit,
 * delete, set default), the e-mail address and the password.
 */
export default function MyAccountPage() {
  const { account, rights } = useSession();
  const site = useSiteInfo();
  return (
    <>
      <PageHeader
        eyebrow="My Account"
        title="My Account"
        description="Your account details, discounts, saved cards, e-mail address and password."
      />
      <div className={classes.grid}>
        <div className={classes.main}>
          <AccountsSection />
          {rights.pay ? <BillingSection acctnum={account?.Acctnum} /> : null}
          <EmailSection />
          <PasswordSection />
          <MailPreferences />
        </div>
        <div className={classes.side}>
          <DiscountsSection />
          <AccountSection title="Shortcuts" id="my-account-shortcuts">
            <Stack gap={6}>
              <Anchor component={Link} to="/Admin/FrequentlyPurchased">
                Frequently purchased products
              </Anchor>
              {rights.pay ? (
                <Anchor component={Link} to="/Admin/PaymentBatch">
                  Payment batches
                </Anchor>
              ) : null}
              <Anchor component={Link} to="/Admin/Credits">
                Credits
              </Anchor>
            </Stack>
          </AccountSection>
          <Alert variant="light" color="brass" icon={<IconInfoCircle size={18} aria-hidden />}>
            To change your company details, terms or ship via, call customer service at{' '}
            <Anchor href={telHref(site.phone)} fw={600} style={{ whiteSpace: 'nowrap' }}>
              {site.phone}
            </Anchor>
            .
          </Alert>
        </div>
      </div>
    </>
  );
}
