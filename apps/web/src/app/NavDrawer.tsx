import { Anchor, Button, Divider, Drawer, Stack, UnstyledButton } from '@mantine/core';
import { IconFileText, IconLogin2, IconLogout, IconPhone, IconUserCircle } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { Wordmark } from '../components/Wordmark.tsx';
import { signOut } from '../features/auth/sign-out.ts';
import { useSession } from '../lib/session.ts';
import { telHref, useSiteInfo } from '../lib/site.ts';
import { mainNav } from './nav.ts';
import classes from './SiteHeader.module.css';

/** The phone's navigation drawer (loaded the first time the burger is pressed). */
export function NavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { signedIn } = useSession();
  const { phone } = useSiteInfo();
  const nav = mainNav(signedIn);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
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
  );
}
