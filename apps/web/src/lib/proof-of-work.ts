import type { ProofOfWorkChallenge } from '@mitrebox/api-contract';
import { pbkdf2, solveChallenge, solveChallengeWorkers } from 'altcha/lib';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

/** Long enough for a slow phone; the server's challenge itself expires after ten minutes. */
const TIMEOUT_MS = 60_000;

/**
 * Solves a sign-in's proof-of-work challenge with ALTCHA's solver (the one behind the Contact Us widget) in Web
 * Workers, or on the page where there are none. Answers the payload the sign-in sends back (base64 JSON of the
 * challenge and its solution), or null when it was not solved in time.
 */
export async function solveProofOfWork(challenge: ProofOfWorkChallenge): Promise<string | null> {
  const solution =
    typeof Worker === 'undefined'
      ? await solveChallenge({ challenge, deriveKey: pbkdf2.deriveKey, timeout: TIMEOUT_MS })
      : await solveChallengeWorkers({
          challenge,
          concurrency: Math.min(4, navigator.hardwareConcurrency || 1),
          createWorker: () => new Pbkdf2Worker(),
          timeout: TIMEOUT_MS,
        });
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
}
