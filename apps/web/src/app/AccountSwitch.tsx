import { Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SessionUser } from '@mitrebox/api-contract';
import { IconBuildingStore, IconCheck } from '@tabler/icons-react';
import { authStorage } from '../lib/auth-storage.ts';
import { call } from '../lib/call.ts';

/**
 * Work in another of the user's accounts: the server makes it the first, and the page loads again so that no
 * screen data of the other account (its prices, its cart) survives.
 */
async function switchAccount(acctnum: string): Promise<void> {
  try {
    const answer = await call('POST /api/account/current', { body: { acctnum } });
    authStorage.setUser(answer.data);
    window.location.assign('/');
  } catch (err) {
    notifications.show({ color: 'red', message: err instanceof Error ? err.message : String(err) });
  }
}

/** The account menu's list of the user's accounts, the current one first and ticked. */
export default function AccountSwitch({ accounts }: { accounts: SessionUser['accounts'] }) {
  return (
    <>
      <Menu.Divider />
      <Menu.Label>Switch account</Menu.Label>
      {accounts.map((a, i) => (
        <Menu.Item
          key={a.Acctnum}
          leftSection={
            i === 0 ? <IconCheck size={18} aria-hidden /> : <IconBuildingStore size={18} aria-hidden />
          }
          aria-current={i === 0 ? 'true' : undefined}
          onClick={i === 0 ? undefined : () => void switchAccount(a.Acctnum)}
        >
          <Text component="span" size="sm" fw={i === 0 ? 700 : 500} display="block" lh={1.2}>
            {a.Company}
          </Text>
          <Text component="span" size="xs" c="dimmed" display="block">
            Account {a.Acctnum}
          </Text>
        </Menu.Item>
      ))}
    </>
  );
}
