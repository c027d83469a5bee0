import type { ProofOfWorkChallenge, SessionUser } from '@mitrebox/api-contract';
import { messages, validateLoginForm } from '@mitrebox/domain';
import { ApiError, SERVER_ERROR_MESSAGE } from '../../lib/api.ts';
import type { AuthStorage } from '../../lib/auth-storage.ts';
import { isChallengeAnswer } from '../../lib/challenge-answer.ts';
import type { AuthApi } from './auth-api.ts';

/** Where a sign-in attempt ended (storefront §4 "Login"). */
export type SignInOutcome =
  | { kind: 'signed-in'; user: SessionUser }
  /** The form's own rules refused the input; nothing was sent. */
  | { kind: 'invalid'; field: 'username' | 'password'; message: string }
  | { kind: 'mfa-required' }
  | { kind: 'credit-hold'; heading: string; msg: string }
  | { kind: 'verify-data' }
  | { kind: 'error'; message: string };

export interface SignInDeps {
  api: Pick<AuthApi, 'login' | 'tokenLogin' | 'exLogin' | 'updateSelf'>;
  storage: Pick<
    AuthStorage,
    'setToken' | 'setUser' | 'setVerification' | 'clearVerification' | 'clearAll' | 'touch'
  >;
  now?: () => number;
  /** Solves a sign-in's proof-of-work challenge: the payload to send back, or null when it could not. */
  solveChallenge: (challenge: ProofOfWorkChallenge) => Promise<string | null>;
}

function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return SERVER_ERROR_MESSAGE;
}

/**
 * Verifies the stored token with POST /api/tokenLogin (optionally with the TOTP code) and settles the
 * session: success stores the user; 'mfa required' asks for the code; credit hold clears everything and
 * hands back the account message.
 */
export async function verifySession(deps: SignInDeps, code?: string): Promise<SignInOutcome> {
  let answer: Awaited<ReturnType<SignInDeps['api']['tokenLogin']>>;
  try {
    answer = await deps.api.tokenLogin(code);
  } catch (err) {
    return { kind: 'error', message: errorMessage(err) };
  }
  switch (answer.message) {
    case 'success': {
      const user = answer.data[0];
      if (!user) return { kind: 'error', message: messages.login.noToken };
      deps.storage.setUser(user);
      deps.storage.touch((deps.now ?? Date.now)());
      return { kind: 'signed-in', user };
    }
    case 'mfa required':
      return { kind: 'mfa-required' };
    case 'credit hold':
      deps.storage.clearAll();
      return {
        kind: 'credit-hold',
        heading: answer.heading ?? messages.creditHold.heading,
        msg: answer.msg ?? '',
      };
    default:
      deps.storage.setToken(null);
      return { kind: 'error', message: (answer as { name?: string }).name || messages.login.mismatch };
  }
}

/**
 * POST /api/login. Past the account's limit of failed sign-ins the server asks a browser it does not know for a
 * solved proof-of-work challenge (428, docs/decisions/008): it is solved here and the sign-in sent once more.
 */
async function login(deps: SignInDeps, username: string, password: string, onChecking?: () => void) {
  try {
    return await deps.api.login(username, password);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 428 || !isChallengeAnswer(err.body)) throw err;
    onChecking?.();
    const proofOfWork = await deps.solveChallenge(err.body.challenge).catch(() => null);
    if (!proofOfWork) throw new ApiError(428, messages.login.challengeFailed);
    return deps.api.login(username, password, proofOfWork);
  }
}

/**
 * Account number and password: POST /api/login, then the verification step. `onChecking`: the browser is
 * solving the server's challenge (a second or so) before the sign-in goes again.
 */
export async function signInWithPassword(
  deps: SignInDeps,
  username: string,
  password: string,
  onChecking?: () => void,
): Promise<SignInOutcome> {
  const problem = validateLoginForm({ username, password });
  if (problem) {
    return {
      kind: 'invalid',
      field: problem === messages.login.passwordEmpty ? 'password' : 'username',
      message: problem,
    };
  }
  let answer: Awaited<ReturnType<SignInDeps['api']['login']>>;
  try {
    answer = await login(deps, username.trim(), password, onChecking);
  } catch (err) {
    return { kind: 'error', message: errorMessage(err) };
  }
  if (answer.firsttime && answer.vtoken) {
    deps.storage.setVerification(answer.vtoken, answer.user);
    return { kind: 'verify-data' };
  }
  const token = answer.data?.token;
  if (!token) return { kind: 'error', message: messages.login.mismatch };
  deps.storage.clearVerification();
  deps.storage.setToken(token);
  return verifySession(deps);
}

/** /login/{extoken}: exchange the external token, then verify as after any sign-in. */
export async function signInWithExternalToken(
  deps: SignInDeps,
  externalToken: string,
): Promise<SignInOutcome> {
  let token: string | undefined;
  try {
    token = (await deps.api.exLogin(externalToken)).data?.token;
  } catch (err) {
    return { kind: 'error', message: errorMessage(err) };
  }
  if (!token) return { kind: 'error', message: messages.login.mismatch };
  deps.storage.setToken(token);
  return verifySession(deps);
}

export type VerifyDataOutcome =
  | SignInOutcome
  /** Password and confirmation differ: nothing was sent. */
  | { kind: 'passwords-differ'; message: string }
  /** The server refused fields: field → message. */
  | { kind: 'field-errors'; errors: Record<string, string> }
  | { kind: 'no-verification' };

/**
 * The first-login update (account-area §4): PUT /api/users/self with the verification token, then sign in
 * again with the stored user's account number and the new password.
 */
export async function completeVerification(
  deps: SignInDeps,
  input: {
    vtoken: string | null;
    vuser: SessionUser | null;
    email: string;
    password: string;
    confirmation: string;
  },
): Promise<VerifyDataOutcome> {
  if (!input.vtoken) return { kind: 'no-verification' };
  if (input.password !== input.confirmation) {
    return { kind: 'passwords-differ', message: messages.verifyData.passwordsMustMatch };
  }
  try {
    const answer = await deps.api.updateSelf(input.vtoken, {
      email: input.email.trim(),
      password: input.password,
      password_confirmation: input.confirmation,
    });
    if (!answer.success) return { kind: 'field-errors', errors: answer.data ?? {} };
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) {
      const body = err.body as { data?: Record<string, string> } | null;
      return { kind: 'field-errors', errors: body?.data ?? err.errors ?? { email: err.message } };
    }
    return { kind: 'error', message: errorMessage(err) };
  }
  const account = input.vuser?.accounts[0]?.Acctnum;
  deps.storage.clearVerification();
  if (!account) return { kind: 'error', message: messages.login.noToken };
  return signInWithPassword(deps, account, input.password);
}
