import type { SessionUser } from '@mitrebox/api-contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { useSession } from '../../lib/session.ts';

const SESSION_CHECK_MS = 5 * 60_000;

/**
 * The authentication check: while signed in, GET /api/me on load and every few minutes. A token the server
 * no longer honours answers 401, which clears the session and goes home (the API client's rule); a
 * changed account (terms, active type) refreshes the stored user.
 */
export function useSessionCheck(): void {
  const { signedIn, token } = useSession();
  const me = useQuery({
    queryKey: ['me', token],
    queryFn: () => api.get<{ user: SessionUser }>('/api/me'),
    enabled: signedIn,
    staleTime: SESSION_CHECK_MS,
    refetchInterval: SESSION_CHECK_MS,
    retry: false,
  });

  useEffect(() => {
    const fresh = me.data?.user;
    if (!fresh || !authStorage.token) return;
    if (JSON.stringify(fresh) !== JSON.stringify(authStorage.user)) authStorage.setUser(fresh);
  }, [me.data]);
}
