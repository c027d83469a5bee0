import { Badge, Button, Group, Text, Title, UnstyledButton } from '@mantine/core';
import { mayUse } from '@mitrebox/domain';
import { IconChevronDown } from '@tabler/icons-react';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useEffect,
  useId,
  useState,
} from 'react';
import { NavLink, Route, Routes, useLocation, useMatch } from 'react-router';
import { PageLoader } from '../../app/PageLoader.tsx';
import { call } from '../../lib/call.ts';
import classes from './StaffApp.module.css';
import { StaffEnrol } from './StaffEnrol.tsx';
import { StaffSignIn } from './StaffSignIn.tsx';
import { STAFF_SECTIONS } from './sections.ts';
import { staffSession, useStaffMe, useStaffToken } from './staff-api.ts';

const screens = new Map<string, LazyExoticComponent<ComponentType>>(
  STAFF_SECTIONS.map((s) => [s.path, lazy(s.load)]),
);

/** /staff/*: the back office, its own layout (lazy-loaded: customers never download it). */
export default function StaffApp() {
  const token = useStaffToken();
  // the e-mailed set-up link of a staff user opens whoever is signed in on this browser
  const enrol = useMatch('/staff/enrol/:token');
  if (enrol?.params.token) return <StaffEnrol key={enrol.params.token} token={enrol.params.token} />;
  return token ? <StaffShell /> : <StaffSignIn />;
}

function StaffShell() {
  const me = useStaffMe();
  useEffect(() => {
    document.title = 'Back office · Mitrebox';
  }, []);

  const signOut = async () => {
    const bearer = staffSession.token;
    if (bearer)
      await call('POST /api/logout', { auth: { bearer }, resetOnUnauthorized: false }).catch(() => {});
    staffSession.set(null);
  };

  const role = me.data?.role;
  const sections = STAFF_SECTIONS.filter((s) => role && mayUse(role, s.path, 'read'));

  // On a phone the section menu is one line (the current section) that opens the list; a choice closes it.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => setMenuOpen(false), [pathname]);
  const currentSection =
    sections.find((s) => pathname.toLowerCase().startsWith(`/staff/${s.path.toLowerCase()}`))?.label ??
    'Overview';

  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <header className={classes.header}>
        <Text fw={700} className={classes.brand}>
          Mitrebox back office
        </Text>
        <Group gap="sm">
          {me.data && (
            <Text size="sm" data-testid="staff-user">
              {me.data.name} · {me.data.email}{' '}
              <Badge variant="light" color="walnut">
                {me.data.role}
              </Badge>
            </Text>
          )}
          <Button variant="default" size="xs" onClick={signOut}>
            Sign out
          </Button>
        </Group>
      </header>
      <nav className={classes.nav} aria-label="Back office">
        <UnstyledButton
          className={classes.navToggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span>
            <span className={classes.navToggleLabel}>Section</span> {currentSection}
          </span>
          <IconChevronDown size={18} aria-hidden className={classes.navToggleIcon} />
        </UnstyledButton>
        <div id={menuId} className={classes.navLinks} data-open={menuOpen || undefined}>
          <NavLink to="/staff" end className={classes.navLink}>
            Overview
          </NavLink>
          {sections.map((s) => (
            <NavLink key={s.path} to={`/staff/${s.path}`} className={classes.navLink}>
              {s.label}
            </NavLink>
          ))}
        </div>
      </nav>
      <main className={classes.main} id="main">
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route
              index
              element={<StaffHome name={me.data?.name} sections={sections.map((s) => s.label)} />}
            />
            {sections.map((s) => {
              const Screen = screens.get(s.path)!;
              return <Route key={s.path} path={`${s.path}/*`} element={<Screen />} />;
            })}
            <Route path="*" element={<Title order={1}>Not found in the back office</Title>} />
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}

function StaffHome({ name, sections }: { name?: string; sections: string[] }) {
  return (
    <>
      <Title order={1} mb="sm">
        Overview
      </Title>
      <Text>
        {name ? `Signed in as ${name}. ` : ''}Choose a section: {sections.join(', ')}.
      </Text>
    </>
  );
}
