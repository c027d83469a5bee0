import type { LoginChallengeBody } from '@mitrebox/api-contract';

/**
 * A sign-in's 428 answer asking this browser for a solved proof-of-work challenge (docs/decisions/008): the
 * customers' and the staff sign-in both meet it once an account has had too many wrong passwords from strangers.
 * The solver itself (lib/proof-of-work.ts) is imported only when one arrives.
 */
export const isChallengeAnswer = (body: unknown): body is LoginChallengeBody =>
  typeof body === 'object' &&
  body !== null &&
  'challenge' in body &&
  typeof body.challenge === 'object' &&
  body.challenge !== null &&
  'parameters' in body.challenge;
