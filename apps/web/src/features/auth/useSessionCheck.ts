import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { call } from '../../lib/call.ts';
import { useSession } from '../../lib/session.ts';

const SESSION_CHECK_MS = 5 * 60_000;

/**
 * The authentication check: while signed in, GET /api/me on load and every few minutes. A token the server
 * no longer honours answers 401, which clears the session and goes home (the API client's rule); a
 * changed account (terms, active type) refreshes the stored user. An account put on credit hold answers 403
 * (its token reads nothing): the verification step then ends the session and shows the account message.
 */
export function useSessionCheck(): void {
  const { signedIn, token } = useSession();
  const me = useQuery({
    queryKey: ['me', token],
    queryFn: () => call('GET /api/me'),
    enabled: signedIn,
    staleTime: SESSION_CHECK_MS,
    refetchInterval: SESSION_CHECK_MS,
    retry: false,
  });

  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ending = useRef(false);
  useEffect(() => {
    if (!(me.error instanceof ApiError) || me.error.status !== 403 || ending.current) return;
    ending.current = true;
    // loaded on demand: the verification step and its toasts stay out of the first load of every page
    void (async () => {
      const [{ verifySession }, { signInDeps }, { followSignInOutcome }] = await Promise.all([
        import('./sign-in.ts'),
        import('./deps.ts'),
        import('./useSignInOutcome.ts'),
      ]);
      followSignInOutcome(await verifySession(signInDeps), { navigate, queryClient });
      ending.current = false;
    })();
  }, [me.error, navigate, queryClient]);

  useEffect(() => {
    const fresh = me.data?.user;
    if (!fresh || !authStorage.token) return;
    if (JSON.stringify(fresh) !== JSON.stringify(authStorage.user)) authStorage.setUser(fresh);
  }, [me.data]);
}
