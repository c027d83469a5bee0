import { useForm } from '@mantine/form';
import { StaffLoginRequest, TokenLoginRequest } from '@mitrebox/api-contract';
import { messages } from '@mitrebox/domain';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { isChallengeAnswer } from '../../lib/challenge-answer.ts';
import { firstError, requestRules, showRefusal } from '../../lib/form-schema.ts';
import { staffSession } from './staff-api.ts';

const codeDigits = (code: string) => code.replace(/\s/g, '');

/**
 * POST /api/login/staff. After too many wrong passwords for this address from strangers, the server asks for a
 * solved proof-of-work challenge (428): this browser proves its work and asks again.
 */
async function staffLogin(email: string, password: string, setChecking: (checking: boolean) => void) {
  const send = (proofOfWork?: string) =>
    call('POST /api/login/staff', {
      body: proofOfWork ? { email, password, proofOfWork } : { email, password },
      auth: 'none',
    });
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 428 || !isChallengeAnswer(err.body)) throw err;
    setChecking(true);
    const { solveProofOfWork } = await import('../../lib/proof-of-work.ts');
    const proofOfWork = await solveProofOfWork(err.body.challenge).catch(() => null);
    setChecking(false);
    if (!proofOfWork) throw new ApiError(428, messages.login.challengeFailed);
    return send(proofOfWork);
  }
}

/**
 * The staff sign-in's two steps: e-mail and password (POST /api/login/staff) give a token still owing its TOTP
 * code; the code (POST /api/tokenLogin with that token) completes it and starts the staff session.
 */
export function useStaffSignIn() {
  const [step, setStep] = useState<'credentials' | 'code'>('credentials');
  // the server's refusals stay on their fields until the next try
  const credentials = useForm({
    initialValues: { email: '', password: '' },
    clearInputErrorOnChange: false,
    validate: requestRules(StaffLoginRequest, (values: { email: string; password: string }) => values),
  });
  const verification = useForm({
    initialValues: { code: '' },
    clearInputErrorOnChange: false,
    validate: requestRules(TokenLoginRequest, ({ code }: { code: string }) => ({ code: codeDigits(code) })),
  });
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);

  // a refusal found before sending reads as the server's would: its first message above, each on its field
  const refuse = (errors: Record<string, unknown>) => setError(firstError(errors) ?? null);

  const signIn = credentials.onSubmit(async ({ email, password }) => {
    setBusy(true);
    setError(null);
    try {
      const res = await staffLogin(email, password, setChecking);
      setPending(res.token);
      setStep('code');
    } catch (err) {
      showRefusal(err, credentials, setError);
    } finally {
      setBusy(false);
    }
  }, refuse);

  const verify = verification.onSubmit(async ({ code }) => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const res = await call('POST /api/tokenLogin', {
        body: { code: codeDigits(code) },
        auth: { bearer: pending },
        resetOnUnauthorized: false,
      });
      if (res.login) staffSession.set(pending);
      else setError('That code is not valid. Please try again.');
    } catch (err) {
      // the pending sign-in is no longer honoured: start again from the password
      if (err instanceof ApiError && err.status === 401) {
        setStep('credentials');
        setPending(null);
      }
      showRefusal(err, verification, setError);
    } finally {
      setBusy(false);
    }
  }, refuse);

  return { step, credentials, verification, error, busy, checking, signIn, verify };
}

export type StaffSignInState = ReturnType<typeof useStaffSignIn>;
