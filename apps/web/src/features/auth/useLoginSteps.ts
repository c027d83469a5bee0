import { useForm } from '@mantine/form';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { useSession } from '../../lib/session.ts';
import { authApi } from './auth-api.ts';
import { signInDeps } from './deps.ts';
import { signInWithExternalToken, signInWithPassword, verifySession } from './sign-in.ts';
import { useSignInOutcome } from './useSignInOutcome.ts';

type Step = 'credentials' | 'mfa' | 'external';

export const MFA_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';

const codeDigits = (code: string) => code.replace(/\s/g, '');

/** The answer to "send the confirmation link again", shown under the sign-in's error. */
type Resend = { busy: boolean; ok?: boolean; message?: string };

/** "Send the confirmation link again", offered when the sign-in was refused for an unconfirmed e-mail. */
function useResendVerification(credentials: { getValues: () => { username: string; password: string } }) {
  const [resend, setResend] = useState<Resend>({ busy: false });
  const resendVerification = async () => {
    setResend({ busy: true });
    try {
      const { username, password } = credentials.getValues();
      const answer = await authApi.resendVerification(username, password);
      setResend({ busy: false, ok: answer.success, message: answer.message });
    } catch (err) {
      setResend({ busy: false, ok: false, message: err instanceof ApiError ? err.message : String(err) });
    }
  };
  return { resend, resendVerification, clearResend: () => setResend({ busy: false }) };
}

/**
 * The sign-in screen's steps: the account number and password, the two-step code when the account has one,
 * and /login/{extoken}, which exchanges an external sign-on token first. Every outcome is followed to its
 * screen (useSignInOutcome); what stays here is shown on the form.
 */
export function useLoginSteps() {
  const { extoken } = useParams();
  const session = useSession();
  const follow = useSignInOutcome();

  const [step, setStep] = useState<Step>(() =>
    extoken ? 'external' : session.token && !session.user ? 'mfa' : 'credentials',
  );
  // a field's message stays until the next try, as the sign-in always showed it
  const credentials = useForm({
    initialValues: { username: '', password: '' },
    clearInputErrorOnChange: false,
  });
  const verification = useForm({
    initialValues: { code: '' },
    clearInputErrorOnChange: false,
    validate: ({ code }: { code: string }) => ({
      code: /^\d{6}$/.test(codeDigits(code)) ? null : MFA_CODE_MESSAGE,
    }),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Solving the server's proof-of-work challenge before the sign-in goes again. */
  const [checking, setChecking] = useState(false);
  const { resend, resendVerification, clearResend } = useResendVerification(credentials);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const externalStarted = useRef(false);

  // /login/{extoken}: exchange the external token once, then continue as after any sign-in.
  useEffect(() => {
    if (!extoken || externalStarted.current) return;
    externalStarted.current = true;
    void signInWithExternalToken(signInDeps, extoken).then((outcome) => {
      if (follow(outcome)) return;
      if (outcome.kind === 'mfa-required') setStep('mfa');
      else {
        setStep('credentials');
        if (outcome.kind === 'error') setError(outcome.message);
      }
    });
  }, [extoken, follow]);

  // The focus starts in the box the person types into next: the account number, or the two-step code.
  useEffect(() => {
    if (step === 'mfa') codeRef.current?.focus();
    else if (step === 'credentials') usernameRef.current?.focus({ preventScroll: true });
  }, [step]);

  const signIn = credentials.onSubmit(
    async ({ username, password }) => {
      setBusy(true);
      const outcome = await signInWithPassword(signInDeps, username, password, () => setChecking(true));
      setChecking(false);
      if (follow(outcome)) return;
      setBusy(false);
      if (outcome.kind === 'invalid') {
        credentials.setFieldError(outcome.field, outcome.message);
        (outcome.field === 'password' ? passwordRef : usernameRef).current?.focus();
      } else if (outcome.kind === 'mfa-required') {
        setStep('mfa');
      } else if (outcome.kind === 'error') {
        setError(outcome.message);
      }
    },
    (errors) => (errors.username ? usernameRef : passwordRef).current?.focus(),
  );
  const submitCredentials = (event: FormEvent<HTMLFormElement>) => {
    setError(null);
    clearResend();
    signIn(event);
  };

  const verify = verification.onSubmit(
    async ({ code }) => {
      setBusy(true);
      const outcome = await verifySession(signInDeps, codeDigits(code));
      if (follow(outcome)) return;
      setBusy(false);
      if (outcome.kind === 'error') {
        verification.setFieldError('code', outcome.message);
        codeRef.current?.select();
      }
    },
    () => codeRef.current?.focus(),
  );
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    setError(null);
    verify(event);
  };

  const switchAccount = () => {
    authStorage.setToken(null);
    verification.reset();
    credentials.clearErrors();
    setError(null);
    setStep('credentials');
  };

  return {
    step,
    credentials,
    verification,
    error,
    busy,
    checking,
    resend,
    usernameRef,
    passwordRef,
    codeRef,
    resendVerification,
    submitCredentials,
    submitCode,
    switchAccount,
  };
}

export type LoginSteps = ReturnType<typeof useLoginSteps>;
