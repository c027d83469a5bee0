import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidEmail, messages } from '@mitrebox/domain';
import { IconAlertCircle, IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { ApiError } from '../../lib/api.ts';
import { authApi } from './auth-api.ts';

type Result = { tone: 'success' | 'error'; text: string };

/** The three outcomes of POST /forgot-password, in the specification's words. */
export function forgotPasswordResult(status: 'sent' | 'not found' | 'error'): Result {
  if (status === 'sent') return { tone: 'success', text: messages.forgotPassword.sent };
  if (status === 'not found') return { tone: 'error', text: messages.forgotPassword.notFound };
  return { tone: 'error', text: messages.forgotPassword.sendError };
}

export default function ForgotPasswordPage() {
  const form = useForm({
    initialValues: { email: '' },
    // the message stays until the next try
    clearInputErrorOnChange: false,
    validate: ({ email }: { email: string }) => ({
      email: isValidEmail(email) ? null : messages.forgotPassword.emailFormat,
    }),
  });
  const [result, setResult] = useState<Result | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const send = useMutation({
    mutationFn: (address: string) => authApi.forgotPassword(address),
    onSuccess: (answer) => setResult(forgotPasswordResult(answer.data.status)),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422) form.setFieldError('email', err.message);
      else setResult(forgotPasswordResult('error'));
    },
  });

  const ask = form.onSubmit(
    ({ email }) => send.mutate(email.trim()),
    () => inputRef.current?.focus(),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setResult(null);
    ask(event);
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the e-mail address on your account and we will send you a link to choose a new password."
      footer={
        <Anchor component={Link} to="/login" fw={600} inline>
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
          Login
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Forgot password">
        <Stack gap="md">
          <TextInput
            ref={inputRef}
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          {result ? (
            <Alert
              color={result.tone === 'success' ? 'green' : 'red'}
              icon={
                result.tone === 'success' ? <IconMailCheck aria-hidden /> : <IconAlertCircle aria-hidden />
              }
              role={result.tone === 'success' ? 'status' : 'alert'}
            >
              {result.text}
            </Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={send.isPending}>
            Send Password Reset Link
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
