import { authStorage } from '../../lib/auth-storage.ts';
import { authApi } from './auth-api.ts';
import type { SignInDeps } from './sign-in.ts';

/** The real calls and storage behind the sign-in flow. */
export const signInDeps: SignInDeps = { api: authApi, storage: authStorage };
