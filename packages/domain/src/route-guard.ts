/** Every route that needs a signed-in customer (storefront §2, account-area §2 and §6). */
const LOGIN_REQUIRED_PREFIXES = [
  '/pdflist',
  '/ordercomplete',
  '/userlistorders',
  '/orderview',
  '/usersettings',
  '/cart',
  '/admin',
];

export function isLoginRequired(path: string): boolean {
  const p = path.toLowerCase();
  return LOGIN_REQUIRED_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

export type GuardDecision = 'allow' | 'clear-verification-go-home' | 'go-login';

export interface GuardInput {
  path: string;
  hasVerificationToken: boolean;
  hasAccessToken: boolean;
}

/**
 * The route guard, exactly as specified: a held verification token is cleared (and the user sent home)
 * on any path but verify-data or login; otherwise a login-required route without an access token goes to Login.
 */
export function guardRoute({ path, hasVerificationToken, hasAccessToken }: GuardInput): GuardDecision {
  const p = path.toLowerCase();
  const onVerifyOrLogin = p === '/verifydata' || p === '/login' || p.startsWith('/login/');
  if (hasVerificationToken && !onVerifyOrLogin) return 'clear-verification-go-home';
  if (isLoginRequired(path) && !hasAccessToken) return 'go-login';
  return 'allow';
}
