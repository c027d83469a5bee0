import { notifications } from '@mantine/notifications';
import { accountMessagePath } from '@mitrebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { VerifyDataOutcome } from './sign-in.ts';

type Navigate = ReturnType<typeof useNavigate>;
type QueryClient = ReturnType<typeof useQueryClient>;

/** Follows an outcome with the given router and cache (for callers that load this module on demand). */
export function followSignInOutcome(
  outcome: VerifyDataOutcome,
  { navigate, queryClient }: { navigate: Navigate; queryClient: QueryClient },
): boolean {
  switch (outcome.kind) {
    case 'signed-in': {
      // Anonymous answers (search without prices, an empty cart) must not outlive the sign-in.
      queryClient.clear();
      const company = outcome.user.accounts[0]?.Company;
      notifications.show({
        id: 'signed-in',
        color: 'green',
        title: 'Signed in',
        message: company ? `Welcome back, ${company}.` : 'Welcome back.',
        autoClose: 3500,
      });
      navigate('/', { replace: true });
      return true;
    }
    case 'credit-hold':
      queryClient.clear();
      // the shop's own message, chosen by key: the screen never shows text taken from a URL
      navigate(accountMessagePath('creditHold'), { replace: true });
      return true;
    case 'verify-data':
      navigate('/verifyData');
      return true;
    default:
      return false;
  }
}

/**
 * Follows a sign-in outcome to its screen: home when signed in, the account message on credit hold, the
 * first-login form for a first-time account. Returns true when it navigated away.
 */
export function useSignInOutcome() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (outcome: VerifyDataOutcome): boolean => followSignInOutcome(outcome, { navigate, queryClient }),
    [navigate, queryClient],
  );
}
