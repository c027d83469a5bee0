import { guardRoute } from '@mitrebox/domain';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { useIdleSignOut } from '../features/auth/useIdleSignOut.ts';
import { useSessionCheck } from '../features/auth/useSessionCheck.ts';
import { authStorage, VIEW_AS_KEY } from '../lib/auth-storage.ts';
import { HydrationEnd } from '../lib/hydration.ts';
import { useSession } from '../lib/session.ts';
import { PageLoader } from './PageLoader.tsx';
import classes from './RootLayout.module.css';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

/** The banner of a staff member's read-only "view as" session: its own chunk, loaded only then. */
const ViewAsBanner = lazy(async () => ({ default: (await import('./ViewAsBanner.tsx')).ViewAsBanner }));
const viewingAs = () => {
  try {
    return localStorage.getItem(VIEW_AS_KEY) !== null;
  } catch {
    return false;
  }
};

/**
 * The session's watchers (inactivity sign-out, the periodic /api/me check), in a component of their own that
 * renders nothing: /api/me answering after the first render re-renders this, not the whole page — an answer
 * re-renders its subscriber synchronously (TanStack Query's external store), ~1 s of a phone's main thread at
 * Lighthouse's CPU slowdown when it was the page frame (ADR 013).
 */
function SessionWatch() {
  useIdleSignOut();
  useSessionCheck();
  return null;
}

/**
 * The page frame (skip link, header, main, footer) and the route guard of storefront §6 / account-area §2:
 * a held verification token off verify-data and login is cleared and the user goes home; a login-required
 * route without an access token goes to Login.
 */
export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const session = useSession();

  const decision = guardRoute({
    path: location.pathname,
    hasVerificationToken: Boolean(session.vtoken),
    hasAccessToken: session.signedIn,
  });

  useEffect(() => {
    if (decision === 'clear-verification-go-home') {
      authStorage.clearVerification();
      navigate('/', { replace: true });
    } else if (decision === 'go-login') {
      navigate('/login', { replace: true });
    }
  }, [decision, navigate]);

  return (
    <>
      <SessionWatch />
      <a href="#main" className="mb-skip-link">
        Skip to content
      </a>
      {session.signedIn && viewingAs() ? (
        <Suspense fallback={null}>
          <ViewAsBanner />
        </Suspense>
      ) : null}
      <SiteHeader />
      <main id="main" tabIndex={-1} className={classes.main} aria-busy={navigation.state === 'loading'}>
        {navigation.state === 'loading' ? <div className={classes.progress} aria-hidden /> : null}
        <Suspense fallback={<PageLoader />}>
          <HydrationEnd>{decision === 'allow' ? <Outlet /> : <PageLoader />}</HydrationEnd>
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </>
  );
}
