import { Box, Container, NavLink as MantineNavLink, ScrollArea, Text } from '@mantine/core';
import {
  IconClipboardList,
  IconCreditCard,
  IconHourglass,
  IconReceipt2,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import classes from './AdminLayout.module.css';

/** The account area's left menu (account-area §2). */
export const ACCOUNT_MENU = [
  { label: 'My Account', to: '/Admin/userSettings', icon: IconUserCircle },
  { label: 'Orders Invoiced', to: '/Admin/userListOrders', icon: IconClipboardList },
  { label: 'Orders Pending', to: '/Admin/userListOrders/pending', icon: IconHourglass },
  { label: 'Payments', to: '/Admin/userListOrders/payments', icon: IconCreditCard },
  { label: 'Credits', to: '/Admin/Credits', icon: IconReceipt2 },
] as const;

function isActive(pathname: string, to: string): boolean {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  const t = to.toLowerCase();
  if (t === '/admin/userlistorders') return p === t || p === '/admin' || p === '/userlistorders';
  if (t === '/admin/usersettings') return p === t || p === '/usersettings';
  return p === t;
}

export default function AdminLayout() {
  const { pathname } = useLocation();
  const { account } = useSession();
  return (
    <Container size="xl" py={{ base: 'lg', md: 40 }}>
      <div className={classes.grid}>
        <Box component="nav" aria-label="My Account" className={classes.menu}>
          {account ? (
            <Box className={classes.account} visibleFrom="md">
              <Text size="xs" tt="uppercase" fw={700} c="brass.7" lts="0.1em">
                Account {account.Acctnum}
              </Text>
              <Text fw={600} c="walnut.9" lineClamp={2}>
                {account.Company}
              </Text>
            </Box>
          ) : null}
          <ScrollArea type="never" className={classes.scroller}>
            <div className={classes.links}>
              {ACCOUNT_MENU.map((item) => {
                const active = isActive(pathname, item.to);
                return (
                  <MantineNavLink
                    key={item.to}
                    component={Link}
                    to={item.to}
                    label={item.label}
                    leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    className={classes.link}
                    variant="light"
                  />
                );
              })}
            </div>
          </ScrollArea>
        </Box>
        <div className={classes.content}>
          <Outlet />
        </div>
      </div>
    </Container>
  );
}
