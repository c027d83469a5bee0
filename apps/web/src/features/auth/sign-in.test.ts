import type {
  LoginResponse,
  ProofOfWorkChallenge,
  SessionUser,
  TokenLoginResponse,
} from '@mitrebox/api-contract';
import { messages } from '@mitrebox/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { createAuthStorage, memoryStore } from '../../lib/auth-storage.ts';
import {
  completeVerification,
  type SignInDeps,
  signInWithExternalToken,
  signInWithPassword,
  verifySession,
} from './sign-in.ts';

const user: SessionUser = {
  id: 4,
  email: null,
  name: 'Grace Whitfield',
  accounts: [
    { Acctnum: '10004', Company: 'Piedmont', Shipvia: null, ActiveType: 'Y', terms: 'Net 30', Location: 'B' },
  ],
  purchaseBlocked: false,
  mfaEnabled: false,
};

const success: TokenLoginResponse = { message: 'success', name: user.name, login: true, data: [user] };

function setup(overrides: Partial<SignInDeps['api']> = {}) {
  const storage = createAuthStorage(memoryStore());
  const api = {
    login: vi.fn<SignInDeps['api']['login']>(async () => ({
      firsttime: false,
      vtoken: null,
      user,
      data: { token: 'session-token' },
    })),
    tokenLogin: vi.fn<SignInDeps['api']['tokenLogin']>(async () => success),
    exLogin: vi.fn<SignInDeps['api']['exLogin']>(async () => ({ data: { token: 'sso-session' } })),
    updateSelf: vi.fn<SignInDeps['api']['updateSelf']>(async () => ({ success: true })),
    ...overrides,
  };
  const solveChallenge = vi.fn<SignInDeps['solveChallenge']>(async () => 'solved-payload');
  const deps: SignInDeps = { api, storage, now: () => 42, solveChallenge };
  return { deps, api, storage, solveChallenge };
}

const challenge: ProofOfWorkChallenge = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: 'n',
    salt: 's',
    cost: 1000,
    keyLength: 32,
    keyPrefix: 'ab',
  },
  signature: 'sig',
};
/** The 428 of a sign-in past the account's limit, from a browser the server does not know. */
const challenged = () =>
  new ApiError(428, messages.login.challengeRequired, undefined, {
    message: messages.login.challengeRequired,
    challenge,
  });

describe('signInWithPassword', () => {
  it.each([
    ['', 'x', 'username', messages.login.usernameEmpty],
    ['abc', 'x', 'username', messages.login.usernameNotNumeric],
    ['me@shop.example', 'x', 'username', messages.login.usernameNotNumeric],
    ['10001', '', 'password', messages.login.passwordEmpty],
  ])('refuses %j / %j before calling the server', async (username, password, field, message) => {
    const { deps, api } = setup();
    await expect(signInWithPassword(deps, username, password)).resolves.toEqual({
      kind: 'invalid',
      field,
      message,
    });
    expect(api.login).not.toHaveBeenCalled();
  });

  it('stores the token, verifies it and stores the user', async () => {
    const { deps, api, storage } = setup();
    const outcome = await signInWithPassword(deps, ' 10001 ', 'framing-demo');
    expect(outcome).toEqual({ kind: 'signed-in', user });
    expect(api.login).toHaveBeenCalledWith('10001', 'framing-demo');
    expect(storage.token).toBe('session-token');
    expect(storage.user).toEqual(user);
    expect(storage.lastActivity()).toBe(42);
  });

  it('shows the server message of a refused sign-in', async () => {
    const { deps, storage } = setup({
      login: vi.fn(async () => {
        throw new ApiError(401, messages.login.mismatch);
      }),
    });
    await expect(signInWithPassword(deps, '10001', 'wrong')).resolves.toEqual({
      kind: 'error',
      message: messages.login.mismatch,
    });
    expect(storage.token).toBeNull();
  });

  it('solves the challenge of a 428 answer and sends the sign-in again with it', async () => {
    const login = vi
      .fn<SignInDeps['api']['login']>()
      .mockRejectedValueOnce(challenged())
      .mockResolvedValueOnce({ firsttime: false, vtoken: null, user, data: { token: 'session-token' } });
    const { deps, solveChallenge, storage } = setup({ login });
    const onChecking = vi.fn();
    await expect(signInWithPassword(deps, '10001', 'framing-demo', onChecking)).resolves.toEqual({
      kind: 'signed-in',
      user,
    });
    expect(onChecking).toHaveBeenCalledOnce();
    expect(solveChallenge).toHaveBeenCalledWith(challenge);
    expect(login.mock.calls).toEqual([
      ['10001', 'framing-demo'],
      ['10001', 'framing-demo', 'solved-payload'],
    ]);
    expect(storage.token).toBe('session-token');
  });

  it('says so when the browser cannot solve the challenge, and when the retry is refused', async () => {
    const unsolved = setup({ login: vi.fn(async () => Promise.reject(challenged())) });
    unsolved.solveChallenge.mockResolvedValueOnce(null);
    await expect(signInWithPassword(unsolved.deps, '10001', 'framing-demo')).resolves.toEqual({
      kind: 'error',
      message: messages.login.challengeFailed,
    });
    expect(unsolved.api.login).toHaveBeenCalledOnce();

    const wrong = vi
      .fn<SignInDeps['api']['login']>()
      .mockRejectedValueOnce(challenged())
      .mockRejectedValueOnce(new ApiError(401, messages.login.mismatch));
    const refused = setup({ login: wrong });
    await expect(signInWithPassword(refused.deps, '10001', 'guess')).resolves.toEqual({
      kind: 'error',
      message: messages.login.mismatch,
    });
    expect(wrong).toHaveBeenCalledTimes(2);
  });

  it('shows the mismatch error when no token comes back', async () => {
    const { deps } = setup({
      login: vi.fn(
        async (): Promise<LoginResponse> => ({ firsttime: false, vtoken: null, user, data: { token: null } }),
      ),
    });
    await expect(signInWithPassword(deps, '10001', 'x')).resolves.toEqual({
      kind: 'error',
      message: messages.login.mismatch,
    });
  });

  it('keeps the verification token and user of a first-time sign-in', async () => {
    const { deps, api, storage } = setup({
      login: vi.fn(
        async (): Promise<LoginResponse> => ({
          firsttime: true,
          vtoken: 'v-token',
          user,
          data: { token: null },
        }),
      ),
    });
    await expect(signInWithPassword(deps, '10004', 'framing-demo')).resolves.toEqual({ kind: 'verify-data' });
    expect(storage.vtoken).toBe('v-token');
    expect(storage.vuser).toEqual(user);
    expect(storage.token).toBeNull();
    expect(api.tokenLogin).not.toHaveBeenCalled();
  });

  it('asks for the code when the account has two-step sign-in', async () => {
    const { deps, storage } = setup({
      tokenLogin: vi.fn(
        async (): Promise<TokenLoginResponse> => ({
          message: 'mfa required',
          name: 'mfa required',
          login: false,
          data: [],
        }),
      ),
    });
    await expect(signInWithPassword(deps, '10007', 'framing-demo')).resolves.toEqual({
      kind: 'mfa-required',
    });
    expect(storage.token).toBe('session-token');
    expect(storage.user).toBeNull();
  });

  it('clears everything on credit hold and hands back the account message', async () => {
    const msg = messages.creditHold.message('800-640-2467');
    const { deps, storage } = setup({
      tokenLogin: vi.fn(
        async (): Promise<TokenLoginResponse> => ({
          message: 'credit hold',
          name: 'credit hold',
          login: false,
          data: [],
          heading: messages.creditHold.heading,
          msg,
        }),
      ),
    });
    storage.touch(1);
    await expect(signInWithPassword(deps, '10003', 'framing-demo')).resolves.toEqual({
      kind: 'credit-hold',
      heading: messages.creditHold.heading,
      msg,
    });
    expect(storage.token).toBeNull();
    expect(storage.lastActivity()).toBeNull();
  });
});

describe('verifySession', () => {
  it('sends the TOTP code and reports a refused one', async () => {
    const { deps, api } = setup({
      tokenLogin: vi.fn(async () => {
        throw new ApiError(422, messages.login.mfaInvalid);
      }),
    });
    await expect(verifySession(deps, '123456')).resolves.toEqual({
      kind: 'error',
      message: messages.login.mfaInvalid,
    });
    expect(api.tokenLogin).toHaveBeenCalledWith('123456');
  });
});

describe('signInWithExternalToken', () => {
  it('exchanges the external token and verifies the session', async () => {
    const { deps, api, storage } = setup();
    await expect(signInWithExternalToken(deps, 'jwt')).resolves.toMatchObject({ kind: 'signed-in' });
    expect(api.exLogin).toHaveBeenCalledWith('jwt');
    expect(storage.token).toBe('sso-session');
  });

  it('reports a refused link', async () => {
    const { deps } = setup({
      exLogin: vi.fn(async () => {
        throw new ApiError(401, 'The sign-in link is invalid or has expired.');
      }),
    });
    await expect(signInWithExternalToken(deps, 'bad')).resolves.toEqual({
      kind: 'error',
      message: 'The sign-in link is invalid or has expired.',
    });
  });
});

describe('completeVerification', () => {
  const input = {
    vtoken: 'v',
    vuser: user,
    email: 'grace@example.com',
    password: 'pw-12345',
    confirmation: 'pw-12345',
  };

  it('refuses differing passwords without calling the server', async () => {
    const { deps, api } = setup();
    await expect(completeVerification(deps, { ...input, confirmation: 'other' })).resolves.toEqual({
      kind: 'passwords-differ',
      message: messages.verifyData.passwordsMustMatch,
    });
    expect(api.updateSelf).not.toHaveBeenCalled();
  });

  it('hands back the fields the server refused', async () => {
    const { deps } = setup({
      updateSelf: vi.fn(async () => {
        throw new ApiError(422, 'x', undefined, {
          success: false,
          data: { email: 'The email has already been taken.' },
        });
      }),
    });
    await expect(completeVerification(deps, input)).resolves.toEqual({
      kind: 'field-errors',
      errors: { email: 'The email has already been taken.' },
    });
  });

  it('updates with the verification token, then signs in with the account number and new password', async () => {
    const { deps, api, storage } = setup();
    storage.setVerification('v', user);
    await expect(completeVerification(deps, input)).resolves.toMatchObject({ kind: 'signed-in' });
    expect(api.updateSelf).toHaveBeenCalledWith('v', {
      email: 'grace@example.com',
      password: 'pw-12345',
      password_confirmation: 'pw-12345',
    });
    expect(api.login).toHaveBeenCalledWith('10004', 'pw-12345');
    expect(storage.vtoken).toBeNull();
    expect(storage.token).toBe('session-token');
  });

  it('needs a verification token', async () => {
    const { deps } = setup();
    await expect(completeVerification(deps, { ...input, vtoken: null })).resolves.toEqual({
      kind: 'no-verification',
    });
  });
});
