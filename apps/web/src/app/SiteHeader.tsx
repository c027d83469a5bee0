import {
  Anchor,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileText, IconLogin2, IconLogout, IconPhone, IconUserCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Wordmark } from '../components/Wordmark.tsx';
import { signOut } from '../features/auth/sign-out.ts';
import { CartButton } from '../features/cart/CartButton.tsx';
import { TopSearch } from '../features/catalogue/TopSearch.tsx';
import { useSession } from '../lib/session.ts';
import { PRODUCT_NAME, telHref, useSiteInfo } from '../lib/site.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { mainNav } from './nav.ts';
import classes from './SiteHeader.module.css';

export function SiteHeader() {
  const { signedIn, purchaseBlocked } = useSession();
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  const nav = mainNav(signedIn);
  const { phone } = useSiteInfo();

  // A choice in the drawer navigates: close it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => drawer.close(), [pathname]);

  return (
    <>
      <header className={classes.header}>
        <Container size="xl" className={classes.row}>
          <Burger
            className={classes.burger}
            hiddenFrom="md"
            opened={drawerOpened}
            onClick={drawer.toggle}
            size="sm"
            aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
          />
          <Link to="/" className={classes.brand} aria-label={`${PRODUCT_NAME} home`}>
            <Wordmark />
          </Link>
          <div className={classes.search}>
            <TopSearch />
          </div>
          <div className={classes.actions}>
            {signedIn && !purchaseBlocked ? <CartButton /> : null}
            {signedIn ? (
              <AccountMenu />
            ) : (
              <Button
                component={Link}
                to="/login"
                variant="filled"
                leftSection={<IconLogin2 size={18} aria-hidden />}
                className={classes.signIn}
              >
                Sign In
              </Button>
            )}
          </div>
        </Container>
        <nav className={classes.navbar} aria-label="Main">
          <Container size="xl" className={classes.navInner}>
            <ul className={classes.navList}>
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={classes.navLink}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <Text className={classes.navAside}>
              Customer service{' '}
              <Anchor href={telHref(phone)} className={classes.navPhone}>
                {phone}
              </Anchor>
            </Text>
          </Container>
        </nav>
      </header>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        size="min(20rem, 85vw)"
        padding="md"
        title={<Wordmark size="sm" />}
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
        hiddenFrom="md"
      >
        <nav aria-label="Main">
          <Stack gap={2}>
            {nav.map((item) => (
              <NavLink key={item.to} to={item.to} className={classes.drawerLink}>
                {item.label}
              </NavLink>
            ))}
          </Stack>
        </nav>
        <Divider my="md" />
        {signedIn ? (
          <Stack gap={2}>
            <NavLink to="/Admin" className={classes.drawerLink}>
              <IconUserCircle size={20} aria-hidden /> My Account
            </NavLink>
            <NavLink to="/pdflist" className={classes.drawerLink}>
              <IconFileText size={20} aria-hidden /> Updates
            </NavLink>
            <UnstyledButton className={classes.drawerLink} onClick={() => void signOut('/')}>
              <IconLogout size={20} aria-hidden /> Sign out
            </UnstyledButton>
          </Stack>
        ) : (
          <Button component={Link} to="/login" fullWidth leftSection={<IconLogin2 size={18} aria-hidden />}>
            Sign In
          </Button>
        )}
        <Divider my="md" />
        <Anchor href={telHref(phone)} className={classes.drawerPhone}>
          <IconPhone size={18} aria-hidden /> {phone}
        </Anchor>
      </Drawer>
    </>
  );
}
