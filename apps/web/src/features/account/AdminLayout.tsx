import { Box, Container, NavLink as MantineNavLink, Text } from '@mantine/core';
import type { AccountRight } from '@mitrebox/domain';
import {
  IconClipboardList,
  IconCreditCard,
  IconFileInvoice,
  IconHourglass,
  IconListCheck,
  IconReceipt2,
  IconReportMoney,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import classes from './AdminLayout.module.css';

/**
 * The account area's left menu (account-area §2), and Colleagues for who may manage them; `right` is the one a
 * colleague needs to see the item (docs/decisions/026).
 */
export const ACCOUNT_MENU: readonly {
  label: string;
  to: string;
  icon: typeof IconUserCircle;
  right?: AccountRight;
}[] = [
  { label: 'My Account', to: '/Admin/userSettings', icon: IconUserCircle },
  { label: 'Orders Invoiced', to: '/Admin/userListOrders', icon: IconClipboardList, right: 'prices' },
  { label: 'Orders Pending', to: '/Admin/userListOrders/pending', icon: IconHourglass, right: 'prices' },
  { label: 'Payments', to: '/Admin/userListOrders/payments', icon: IconCreditCard, right: 'prices' },
  { label: 'Credits', to: '/Admin/Credits', icon: IconReceipt2, right: 'prices' },
  { label: 'Statement', to: '/Admin/Statement', icon: IconFileInvoice, right: 'prices' },
  { label: 'Price list', to: '/Admin/PriceList', icon: IconReportMoney, right: 'prices' },
  { label: 'Lists', to: '/Admin/Lists', icon: IconListCheck, right: 'order' },
  { label: 'Colleagues', to: '/Admin/Colleagues', icon: IconUsers, right: 'manage' },
];

const normalize = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, '') || '/';

/** Which menu item a path belongs to: payment batches sit under Payments. */
export function isActive(pathname: string, to: string): boolean {
  const p = normalize(pathname);
  const t = to.toLowerCase();
  if (t === '/admin/userlistorders') return p === t || p === '/userlistorders';
  if (t === '/admin/usersettings') return p === t || p === '/usersettings' || p === '/admin';
  if (t === '/admin/userlistorders/payments') return p === t || p === '/admin/paymentbatch';
  return p === t;
}

/**
 * The account area: its menu — a sticky column on wide screens, a row of tabs that scrolls sideways on phones
 * and tablets, the current screen's item highlighted and scrolled into view — beside the screen itself.
 */
export default function AdminLayout() {
  const { pathname } = useLocation();
  const { account, rights } = useSession();
  const activeRef = useRef<HTMLAnchorElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the route changes
  useEffect(() => {
    // On phones the row scrolls: bring the current tab into view (a no-op in the desktop column). Measured in the
    // next frame, where the browser lays the page out anyway: read here, right after the commit, the sizes would
    // force that layout inside the commit's task (a long task on a phone: ADR 013).
    const frame = requestAnimationFrame(() => {
      const el = activeRef.current;
      const row = el?.closest<HTMLElement>('[data-menu-row]');
      if (!el || !row || row.scrollWidth <= row.clientWidth) return;
      row.scrollTo({ left: el.offsetLeft - (row.clientWidth - el.offsetWidth) / 2 });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
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
          <div className={classes.scroller} data-menu-row>
            <div className={classes.links}>
              {ACCOUNT_MENU.filter((item) => !item.right || rights[item.right]).map((item) => {
                const active = isActive(pathname, item.to);
                return (
                  <MantineNavLink
                    key={item.to}
                    component={Link}
                    to={item.to}
                    label={item.label}
                    leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
                    active={active}
                    ref={active ? activeRef : undefined}
                    aria-current={active ? 'page' : undefined}
                    className={classes.link}
                    variant="light"
                  />
                );
              })}
            </div>
          </div>
        </Box>
        <div className={classes.content}>
          <Outlet />
        </div>
      </div>
    </Container>
  );
}
