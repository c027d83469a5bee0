import { Anchor, Burger, Button, Container, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2 } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Wordmark } from '../components/Wordmark.tsx';
import { lazyPart } from '../lib/lazy-part.ts';
import { useSession } from '../lib/session.ts';
import { PRODUCT_NAME, telHref, useSiteInfo } from '../lib/site.ts';
import { mainNav } from './nav.ts';
import classes from './SiteHeader.module.css';

// Out of the first load (ADR 005): the search with its dropdowns, the signed-in parts and the phone's drawer
// come in their own chunks right after the first paint; the search, the cart button and the account menu keep their
// places with same-size stand-ins (a signed-in page rendered by the server shows them until the app has run).
const TopSearch = lazyPart(async () => (await import('../features/catalogue/TopSearch.tsx')).TopSearch);
const CartButton = lazyPart(async () => (await import('../features/cart/CartButton.tsx')).CartButton);
const AccountMenu = lazyPart(async () => (await import('./AccountMenu.tsx')).AccountMenu);
const NavDrawer = lazyPart(async () => (await import('./NavDrawer.tsx')).NavDrawer);

function SearchStandIn() {
  return (
    <div className={classes.searchStandIn} aria-hidden>
      <span className={classes.searchStandInInput} />
      <span className={classes.searchStandInButton} />
    </div>
  );
}

export function SiteHeader() {
  const { signedIn, mayOrder } = useSession();
  const [drawerOpened, drawer] = useDisclosure(false);
  // the drawer's code is fetched the first time it opens, and it stays mounted for its closing transition
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (drawerOpened && !drawerLoaded) setDrawerLoaded(true);
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
            <Suspense fallback={<SearchStandIn />}>
              <TopSearch />
            </Suspense>
          </div>
          <div className={classes.actions}>
            {mayOrder ? (
              <Suspense fallback={<span className={classes.cartStandIn} aria-hidden />}>
                <CartButton />
              </Suspense>
            ) : null}
            {signedIn ? (
              <Suspense fallback={<span className={classes.accountStandIn} aria-hidden />}>
                <AccountMenu />
              </Suspense>
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

      {drawerLoaded ? (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      ) : null}
    </>
  );
}
