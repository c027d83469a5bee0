import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@mitrebox/domain';
import { IconAlertCircle, IconCheck, IconMail, IconMailForward } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { AccountSection } from './AccountSection.tsx';
import { useChangePassword, useUpdateEmail } from './account-api.ts';
import classes from './MyAccountPage.module.css';

/** The refusal of a field, and the refusal that belongs to no field (too many tries, mail down). */
function refusals(error: Error | null, fields: string[]) {
  const errors = error instanceof ApiError ? error.errors : undefined;
  const on = (field: string) => errors?.[field];
  const onAField = fields.some((f) => on(f));
  return { on, general: error && !onAField ? error.message : undefined };
}

/**
 * The code field of a user with two-step sign-in: each change asks for the code the authenticator app shows
 * now (a code is accepted once, so the one used to sign in will not do).
 */
function CodeInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <TextInput
      label="Authenticator code"
      description="The code your authenticator app shows now."
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={8}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}

/**
 * The sign-in e-mail (account-area §2 'email update'). Where password resets go must not move on a session
 * alone: the current password is asked, and the new address takes effect when it opens the link we send it
 * (docs/decisions/021); the current address is told, with a link that undoes the change.
 */
export function EmailSection() {
  const { user } = useSession();
  const [email, setEmail] = useState(user?.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const update = useUpdateEmail();
  const refused = refusals(update.error, ['email', 'currentPassword', 'code']);
  const edited = () => {
    if (update.isError) update.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(null);
    update.mutate(
      { email, currentPassword, ...(code ? { code } : {}) },
      {
        onSuccess: (answer) => {
          setSent(answer.message);
          setCurrentPassword('');
          setCode('');
        },
      },
    );
  };

  return (
    <AccountSection title="E-mail address" id="my-account-email">
      <form onSubmit={submit} className={classes.signInForm} aria-label="Update e-mail address" noValidate>
        <Stack gap="sm">
          <TextInput
            label="E-mail"
            description="Order confirmations and password resets go to this address. A new one takes effect when you open the link we send to it."
            type="email"
            autoComplete="email"
            leftSection={<IconMail size={16} aria-hidden />}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              edited();
            }}
            error={refused.on('email')}
          />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => {
              setCurrentPassword(e.currentTarget.value);
              edited();
            }}
            error={refused.on('currentPassword')}
          />
          {user?.mfaEnabled || refused.on('code') ? (
            <CodeInput
              value={code}
              onChange={(v) => {
                setCode(v);
                edited();
              }}
              error={refused.on('code')}
            />
          ) : null}
          {refused.general ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {refused.general}
            </Alert>
          ) : null}
          {sent ? (
            <Alert color="green" icon={<IconMailForward aria-hidden />} role="status">
              {sent}
            </Alert>
          ) : null}
          <Button type="submit" loading={update.isPending} className={classes.signInButton}>
            Update
          </Button>
        </Stack>
      </form>
    </AccountSection>
  );
}

/**
 * A new password, with the current one. The server judges the new one by the shared rule (its refusal shows on
 * the field), signs every other session out and tells the account's e-mail.
 */
export function PasswordSection() {
  const { user } = useSession();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const change = useChangePassword();
  const refused = refusals(change.error, ['currentPassword', 'password', 'password_confirmation', 'code']);
  const edited = () => {
    if (change.isError) change.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(
      {
        currentPassword,
        password,
        password_confirmation: confirmation,
        ...(code ? { code } : {}),
      },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', icon: <IconCheck size={18} />, message: answer.message });
          setCurrentPassword('');
          setPassword('');
          setConfirmation('');
          setCode('');
        },
      },
    );
  };

  return (
    <AccountSection title="Password" id="my-account-password">
      <form onSubmit={submit} className={classes.signInForm} aria-label="Change password" noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => {
              setCurrentPassword(e.currentTarget.value);
              edited();
            }}
            error={refused.on('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description={messages.password.rule}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              edited();
            }}
            error={refused.on('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => {
              setConfirmation(e.currentTarget.value);
              edited();
            }}
            error={refused.on('password_confirmation')}
            visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
          />
          {user?.mfaEnabled || refused.on('code') ? (
            <CodeInput
              value={code}
              onChange={(v) => {
                setCode(v);
                edited();
              }}
              error={refused.on('code')}
            />
          ) : null}
          {refused.general ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {refused.general}
            </Alert>
          ) : null}
          <Button type="submit" loading={change.isPending} className={classes.signInButton}>
            Change password
          </Button>
        </Stack>
      </form>
    </AccountSection>
  );
}
