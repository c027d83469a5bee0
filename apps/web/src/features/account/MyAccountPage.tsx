import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Radio,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { locationName, paymentMessages } from '@mitrebox/domain';
import { IconCheck, IconInfoCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/account-documents/DocumentParts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { BillingMethodDialog } from '../../components/payments/BillingMethodDialog.tsx';
import { useBillingMutations } from '../../lib/payments-api.ts';
import { useSession } from '../../lib/session.ts';
import { telHref, useSiteInfo } from '../../lib/site.ts';
import { AccountSection } from './AccountSection.tsx';
import {
  type AccountSummary,
  type BillingMethod,
  useAccountDetails,
  useAccounts,
  useDiscountLabels,
} from './account-api.ts';
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

const expiry = (m: BillingMethod) => `${String(m.expmonth).padStart(2, '0')}/${m.expyear}`;

function BillingSection({ acctnum }: { acctnum: string | undefined }) {
  const details = useAccountDetails(acctnum);
  const methods = details.data?.billing ?? [];
  const [dialog, setDialog] = useState<{ editing: BillingMethod | null } | null>(null);
  const [removing, setRemoving] = useState<BillingMethod | null>(null);
  const { update, remove } = useBillingMutations();
  const toast = (message: string, ok = true) =>
    notifications.show({
      color: ok ? 'green' : 'red',
      icon: ok ? <IconCheck size={18} /> : undefined,
      message,
    });
  const fail = (err: unknown) => toast(err instanceof Error ? err.message : String(err), false);

  const setDefault = (id: string) =>
    update.mutate(
      { id: Number(id), body: { id: Number(id), default: true } },
      { onSuccess: (a) => toast(a.message || paymentMessages.billingUpdated), onError: fail },
    );
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: (a) => {
        toast(a.message || paymentMessages.billingDeleted);
        setRemoving(null);
      },
      onError: fail,
    });
  };

  return (
    <AccountSection
      title="Billing methods"
      id="my-account-billing"
      aside={
        details.data && acctnum ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setDialog({ editing: null })}
          >
            Add card
          </Button>
        ) : null
      }
    >
      {details.isError ? (
        <LoadError error={details.error} onRetry={() => void details.refetch()} />
      ) : !details.data ? (
        <Skeleton height={120} radius="md" />
      ) : methods.length === 0 ? (
        <Text c="dimmed">No cards are saved on this account. Add one to pay invoices in a few clicks.</Text>
      ) : (
        <Radio.Group
          value={String(methods.find((m) => m.default)?.id ?? '')}
          onChange={setDefault}
          name="default-card"
          aria-label="Default card"
        >
          <div className={classes.tableCard}>
            <Table verticalSpacing={8} aria-label="Billing methods" className={classes.billingTable}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Default</Table.Th>
                  <Table.Th>Nickname</Table.Th>
                  <Table.Th>Card</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {methods.map((m) => (
                  <Table.Tr key={m.id} data-testid={`billing-${m.id}`}>
                    <Table.Td>
                      <Radio
                        value={String(m.id)}
                        aria-label={`Make ${m.name} the default card`}
                        disabled={update.isPending}
                      />
                    </Table.Td>
                    <Table.Td fw={600}>
                      {m.name}
                      {m.default ? (
                        <Badge
                          color="green"
                          c="green.8"
                          variant="light"
                          radius="sm"
                          ml={6}
                          leftSection={<IconCheck size={12} aria-hidden />}
                          className={classes.badge}
                        >
                          Default
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>
                      <span aria-hidden>•••• </span>
                      <VisuallyHidden>ending in </VisuallyHidden>
                      {m.last_four}
                    </Table.Td>
                    <Table.Td>{expiry(m)}</Table.Td>
                    <Table.Td>{m.type}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${m.name}`}
                          onClick={() => setDialog({ editing: m })}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${m.name}`}
                          onClick={() => setRemoving(m)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </Radio.Group>
      )}
      {dialog && acctnum ? (
        <BillingMethodDialog
          opened
          onClose={() => setDialog(null)}
          acctnum={acctnum}
          editing={dialog.editing}
        />
      ) : null}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Delete this card?" centered>
        <Text>
          {removing
            ? `${removing.name}, ending in ${removing.last_four}, will be removed from your account.`
            : ''}
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setRemoving(null)}>
            Keep it
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirmRemove}>
            Delete card
          </Button>
        </Group>
      </Modal>
    </AccountSection>
  );
}

/**
 * My Account (account-area §2 Account settings): the account listing, discounts, billing methods (add, edit,
 * delete, set default), the e-mail address and the password.
 */
export default function MyAccountPage() {
  const { account } = useSession();
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
          <BillingSection acctnum={account?.Acctnum} />
          <EmailSection />
          <PasswordSection />
        </div>
        <div className={classes.side}>
          <DiscountsSection />
          <AccountSection title="Shortcuts" id="my-account-shortcuts">
            <Stack gap={6}>
              <Anchor component={Link} to="/Admin/FrequentlyPurchased">
                Frequently purchased products
              </Anchor>
              <Anchor component={Link} to="/Admin/PaymentBatch">
                Payment batches
              </Anchor>
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
