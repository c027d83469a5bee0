import { Alert, Badge, Button, Group, Modal, Skeleton, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Colleague, Invitation } from '@mitrebox/api-contract';
import type { AccountRights } from '@mitrebox/domain';
import { IconCheck, IconInfoCircle, IconMailForward, IconTrash, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../components/account-documents/DocumentParts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { AccountSection } from './AccountSection.tsx';
import { ColleagueActivity } from './ColleagueActivity.tsx';
import classes from './ColleaguesPage.module.css';
import { useColleagueChanges, useColleagues } from './colleagues-api.ts';
import { InviteColleague } from './InviteColleague.tsx';
import { RightsChecks, rightsText } from './RightsChecks.tsx';

export const ONLY_THE_OWNER = "Only the account's owner can manage colleagues.";

const toast = (message: string, ok = true) =>
  notifications.show({
    color: ok ? 'green' : 'red',
    icon: ok ? <IconCheck size={18} /> : undefined,
    message,
  });
const fail = (err: unknown) => toast(err instanceof Error ? err.message : String(err), false);

/** Disabling asks first: the colleague is signed out at once. */
function DisableModal({
  colleague,
  busy,
  onKeep,
  onDisable,
}: {
  colleague: Colleague | null;
  busy: boolean;
  onKeep: () => void;
  onDisable: () => void;
}) {
  return (
    <Modal opened={Boolean(colleague)} onClose={onKeep} title={`Disable ${colleague?.name ?? ''}?`} centered>
      <Text mb="lg">They are signed out at once. You can enable them again later.</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onKeep} data-autofocus>
          Cancel
        </Button>
        <Button color="red.7" onClick={onDisable} loading={busy}>
          Disable
        </Button>
      </Group>
    </Modal>
  );
}

/** One user of the account: who, the sign-in number, the rights as ticked, Disable or Enable. */
function ColleagueCard({
  colleague: c,
  busy,
  onRights,
  onDisable,
  onEnable,
}: {
  colleague: Colleague;
  busy: boolean;
  onRights: (rights: AccountRights) => void;
  onDisable: () => void;
  onEnable: () => void;
}) {
  return (
    <li className={classes.card} data-testid={`colleague-${c.username}`}>
      <div className={classes.cardHead}>
        <div className={classes.who}>
          <Text fw={700} c="walnut.9">
            {c.name}{' '}
            {c.owner ? (
              <Badge variant="light" color="brass" radius="sm" className={classes.badge}>
                Owner
              </Badge>
            ) : null}
            {c.disabled ? (
              <Badge variant="light" color="red" radius="sm" className={classes.badge}>
                Disabled
              </Badge>
            ) : null}
          </Text>
          <Text size="sm">
            Sign-in number <strong>{c.username}</strong>
            {c.email ? ` · ${c.email}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {c.lastSignIn ? `Last signed in ${formatDateTime(c.lastSignIn)}` : 'Not signed in yet'}
          </Text>
        </div>
        {c.owner ? null : c.disabled ? (
          <Button size="xs" variant="default" onClick={onEnable} loading={busy}>
            Enable
          </Button>
        ) : (
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconUserOff size={14} aria-hidden />}
            onClick={onDisable}
            aria-label={`Disable ${c.name}`}
          >
            Disable
          </Button>
        )}
      </div>
      <RightsChecks
        legend={`Rights of ${c.name}`}
        value={c.rights}
        onChange={c.owner ? undefined : onRights}
        disabled={c.owner || c.disabled || busy}
      />
    </li>
  );
}

function InvitationRow({
  invitation: i,
  onResend,
  onRevoke,
  busy,
}: {
  invitation: Invitation;
  onResend: () => void;
  onRevoke: () => void;
  busy: boolean;
}) {
  const expired = i.state === 'expired';
  return (
    <li className={classes.card} data-testid={`invitation-${i.id}`}>
      <div className={classes.cardHead}>
        <div className={classes.who}>
          <Text fw={700} c="walnut.9">
            {i.name}{' '}
            <Badge variant="light" color={expired ? 'red' : 'blue'} radius="sm" className={classes.badge}>
              {expired ? 'Expired' : 'Invited'}
            </Badge>
          </Text>
          <Text size="sm">{i.email}</Text>
          <Text size="xs" c="dimmed">
            Sent {formatDate(i.sentAt)} · {expired ? 'expired' : 'link works until'}{' '}
            {formatDateTime(i.expiresAt)} · {rightsText(i.rights)}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMailForward size={14} aria-hidden />}
            onClick={onResend}
            disabled={busy}
            aria-label={`Resend the invitation to ${i.email}`}
          >
            Resend
          </Button>
          {expired ? null : (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onRevoke}
              disabled={busy}
              aria-label={`Withdraw the invitation to ${i.email}`}
            >
              Withdraw
            </Button>
          )}
        </Group>
      </div>
    </li>
  );
}

function ColleaguesList() {
  const list = useColleagues(true);
  const changes = useColleagueChanges();
  const [disabling, setDisabling] = useState<Colleague | null>(null);
  const [working, setWorking] = useState<number | null>(null);

  const change = (c: Colleague, patch: { rights?: AccountRights; disabled?: boolean }, done: string) => {
    setWorking(c.userId);
    changes.change.mutate(
      { userId: c.userId, patch },
      {
        onSuccess: () => toast(done),
        onError: fail,
        onSettled: () => setWorking(null),
      },
    );
  };
  const invitationAction = (kind: 'resend' | 'revoke', i: Invitation) =>
    changes[kind].mutate(i.id, {
      onSuccess: () =>
        toast(
          kind === 'resend'
            ? `A new link was sent to ${i.email}.`
            : `The invitation to ${i.email} was withdrawn.`,
        ),
      onError: fail,
    });

  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Skeleton height={220} radius="md" />;
  const open = list.data.invitations.filter((i) => i.state === 'pending' || i.state === 'expired');
  return (
    <>
      <AccountSection title="Users" id="colleagues-users">
        <ul className={classes.list} aria-label="Users of the account">
          {list.data.data.map((c) => (
            <ColleagueCard
              key={c.userId}
              colleague={c}
              busy={working === c.userId}
              onRights={(rights) => change(c, { rights }, `The rights of ${c.name} were saved.`)}
              onDisable={() => setDisabling(c)}
              onEnable={() => change(c, { disabled: false }, `${c.name} can sign in again.`)}
            />
          ))}
        </ul>
      </AccountSection>

      {open.length > 0 ? (
        <AccountSection title="Invitations" id="colleagues-invitations">
          <ul className={classes.list} aria-label="Invitations not accepted yet">
            {open.map((i) => (
              <InvitationRow
                key={i.id}
                invitation={i}
                busy={changes.resend.isPending || changes.revoke.isPending}
                onResend={() => invitationAction('resend', i)}
                onRevoke={() => invitationAction('revoke', i)}
              />
            ))}
          </ul>
        </AccountSection>
      ) : null}

      <DisableModal
        colleague={disabling}
        busy={working !== null}
        onKeep={() => setDisabling(null)}
        onDisable={() => {
          const c = disabling;
          if (!c) return;
          setDisabling(null);
          change(c, { disabled: true }, `${c.name} is disabled and signed out.`);
        }}
      />
    </>
  );
}

/** The activity panel, filtered by the account's users (the list's query, shared). */
function ActivityOfUsers() {
  const list = useColleagues(true);
  return <ColleagueActivity users={list.data?.data ?? []} />;
}

/**
 * My Account → Colleagues: the account's users and what each may do (order, pay, see prices, manage users),
 * the invitations not accepted yet, a new invitation, and who placed which order or made which payment.
 */
export default function ColleaguesPage() {
  const { rights } = useSession();
  return (
    <>
      <PageHeader
        eyebrow="My Account"
        title="Colleagues"
        description="Who signs in to this account, what each may do, and who did what."
      />
      {rights.manage ? (
        <div className={classes.main}>
          <div className={classes.grid}>
            <div className={classes.main}>
              <ColleaguesList />
            </div>
            <div className={classes.side}>
              <InviteColleague />
            </div>
          </div>
          <ActivityOfUsers />
        </div>
      ) : (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
          {ONLY_THE_OWNER}
        </Alert>
      )}
    </>
  );
}
