import { authStorage } from '../../lib/auth-storage.ts';
import { authApi } from './auth-api.ts';
import type { SignInDeps } from './sign-in.ts';

/** The real calls and storage behind the sign-in flow; the proof-of-work solver loads only when a challenge comes. */
export const signInDeps: SignInDeps = {
  api: authApi,
  storage: authStorage,
  solveChallenge: async (challenge) =>
    (await import('../../lib/proof-of-work.ts')).solveProofOfWork(challenge),
};
