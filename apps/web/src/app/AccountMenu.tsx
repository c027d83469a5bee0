import { Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconChevronDown,
  IconFileText,
  IconKey,
  IconLogout,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { signOut } from '../features/auth/sign-out.ts';
import { useSession } from '../lib/session.ts';
import classes from './SiteHeader.module.css';

// only a user of several accounts sees the switch: its code is fetched then, not with every page
const AccountSwitch = lazy(() => import('./AccountSwitch.tsx'));

/** Signed in: My Account, Updates and Sign out. */
export function AccountMenu() {
  const { user, account, rights } = useSession();
  const accounts = user?.accounts ?? [];
  const label = account ? `Account ${account.Acctnum}` : (user?.name ?? 'My Account');
  const company = account?.Company ?? user?.name ?? '';
  // The button's name is its own words plus ', account menu' (WCAG 2.5.3: the visible label is in the name).
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.accountButton}>
          <IconUserCircle size={26} stroke={1.5} aria-hidden />
          <span className={classes.accountText}>
            <Text component="span" size="xs" c="dimmed" display="block" lh={1.1}>
              {company}
            </Text>{' '}
            <Text component="span" size="sm" fw={700} display="block" lh={1.2}>
              {label}
            </Text>
          </span>
          <VisuallyHidden>, account menu</VisuallyHidden>
          <IconChevronDown size={16} aria-hidden className={classes.accountChevron} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{account?.Company ?? user?.name}</Menu.Label>
        <Menu.Item component={Link} to="/Admin" leftSection={<IconUserCircle size={18} aria-hidden />}>
          My Account
        </Menu.Item>
        {rights.manage ? (
          <Menu.Item
            component={Link}
            to="/Admin/Colleagues"
            leftSection={<IconUsers size={18} aria-hidden />}
          >
            Colleagues
          </Menu.Item>
        ) : null}
        {rights.manage ? (
          <Menu.Item component={Link} to="/Admin/ApiKeys" leftSection={<IconKey size={18} aria-hidden />}>
            API keys
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to="/pdflist" leftSection={<IconFileText size={18} aria-hidden />}>
          Updates
        </Menu.Item>
        {accounts.length > 1 ? (
          <Suspense fallback={null}>
            <AccountSwitch accounts={accounts} />
          </Suspense>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => void signOut('/')}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
