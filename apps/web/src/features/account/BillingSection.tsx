import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Radio,
  Skeleton,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { paymentMessages } from '@mitrebox/domain';
import { IconCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../components/account-documents/DocumentParts.tsx';
import { BillingMethodDialog } from '../../components/payments/BillingMethodDialog.tsx';
import { useBillingMutations } from '../../lib/payments-api.ts';
import { AccountSection } from './AccountSection.tsx';
import { type BillingMethod, useAccountDetails } from './account-api.ts';
import classes from './MyAccountPage.module.css';

const expiry = (m: BillingMethod) => `${String(m.expmonth).padStart(2, '0')}/${m.expyear}`;

const toast = (message: string, ok = true) =>
  notifications.show({
    color: ok ? 'green' : 'red',
    icon: ok ? <IconCheck size={18} /> : undefined,
    message,
  });
const fail = (err: unknown) => toast(err instanceof Error ? err.message : String(err), false);

interface RowActions {
  onEdit: (method: BillingMethod) => void;
  onDelete: (method: BillingMethod) => void;
}

/** One saved card: its default radio, nickname, last four digits, expiry, type, edit and delete. */
function BillingRow({
  method: m,
  settingDefault,
  onEdit,
  onDelete,
}: RowActions & { method: BillingMethod; settingDefault: boolean }) {
  return (
    <Table.Tr data-testid={`billing-${m.id}`}>
      <Table.Td>
        <Radio
          value={String(m.id)}
          aria-label={`Make ${m.name} the default card`}
          disabled={settingDefault}
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
          <ActionIcon variant="subtle" aria-label={`Edit ${m.name}`} onClick={() => onEdit(m)}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${m.name}`}
            onClick={() => onDelete(m)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The saved cards as a table; the default is a radio group, so choosing another card makes it the default. */
function BillingTable({
  methods,
  settingDefault,
  onSetDefault,
  ...actions
}: RowActions & { methods: BillingMethod[]; settingDefault: boolean; onSetDefault: (id: string) => void }) {
  return (
    <Radio.Group
      value={String(methods.find((m) => m.default)?.id ?? '')}
      onChange={onSetDefault}
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
              <BillingRow key={m.id} method={m} settingDefault={settingDefault} {...actions} />
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Radio.Group>
  );
}

/** Asks before a card is deleted. */
function RemoveCardDialog({
  removing,
  busy,
  onKeep,
  onRemove,
}: {
  removing: BillingMethod | null;
  busy: boolean;
  onKeep: () => void;
  onRemove: () => void;
}) {
  return (
    <Modal opened={removing !== null} onClose={onKeep} title="Delete this card?" centered>
      <Text>
        {removing
          ? `${removing.name}, ending in ${removing.last_four}, will be removed from your account.`
          : ''}
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onKeep}>
          Keep it
        </Button>
        <Button color="red" loading={busy} onClick={onRemove}>
          Delete card
        </Button>
      </Group>
    </Modal>
  );
}

/** My Account's billing methods: the saved cards, add, edit, delete and set the default. */
export function BillingSection({ acctnum }: { acctnum: string | undefined }) {
  const details = useAccountDetails(acctnum);
  const methods = details.data?.billing ?? [];
  const [dialog, setDialog] = useState<{ editing: BillingMethod | null } | null>(null);
  const [removing, setRemoving] = useState<BillingMethod | null>(null);
  const { update, remove } = useBillingMutations();

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
        <BillingTable
          methods={methods}
          settingDefault={update.isPending}
          onSetDefault={setDefault}
          onEdit={(m) => setDialog({ editing: m })}
          onDelete={setRemoving}
        />
      )}
      {dialog && acctnum ? (
        <BillingMethodDialog
          opened
          onClose={() => setDialog(null)}
          acctnum={acctnum}
          editing={dialog.editing}
        />
      ) : null}
      <RemoveCardDialog
        removing={removing}
        busy={remove.isPending}
        onKeep={() => setRemoving(null)}
        onRemove={confirmRemove}
      />
    </AccountSection>
  );
}
