import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type GetInputPropsReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { messages } from '@mitrebox/domain';
import { IconAlertCircle, IconCheck, IconMail, IconMailForward } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { AccountSection } from './AccountSection.tsx';
import { useChangePassword, useUpdateEmail } from './account-api.ts';
import classes from './MyAccountPage.module.css';

/** The signed-in user's proof before the sign-in e-mail or password changes (docs/decisions/021). */
interface Proof {
  currentPassword: string;
  code: string;
}

/** What a change's form needs of its call: its refusal, and a way to forget it. */
interface Change {
  error: Error | null;
  isError: boolean;
  reset: () => void;
}

/**
 * A form of a sign-in change: each field's message, the form's own or the server's refusal of it (the server
 * judges the values: the storefront does not load the contract's schemas, see decision 024). `general`: the refusal that belongs to no field (too
 * many tries, mail down). Any edit forgets the server's refusal.
 */
function useChangeForm<V extends Proof>(change: Change, initialValues: V) {
  const form = useForm<V>({
    initialValues,
    onValuesChange: () => {
      if (change.isError) change.reset();
    },
  });
  const refused = change.error instanceof ApiError ? change.error.errors : undefined;
  const onAField = Object.keys(initialValues).some((field) => refused?.[field]);
  return {
    form,
    errorOf: (field: keyof V & string): ReactNode => form.errors[field] ?? refused?.[field],
    general: change.error && !onAField ? change.error.message : undefined,
  };
}

/** The request of a form: the code only when there is one. */
const withCode = <V extends Proof>({ code, ...rest }: V) => ({ ...rest, ...(code ? { code } : {}) });

/**
 * The proof asked before a change: the current password, then `children` (the new password, where that is the
 * change), then, for a user with two-step sign-in, the code the authenticator app shows now (a code is accepted
 * once, so the one used to sign in will not do).
 */
function ProofFields({
  input,
  errorOf,
  children,
}: {
  input: (field: keyof Proof) => GetInputPropsReturnType;
  errorOf: (field: keyof Proof) => ReactNode;
  children?: ReactNode;
}) {
  const { user } = useSession();
  return (
    <>
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        {...input('currentPassword')}
        error={errorOf('currentPassword')}
      />
      {children}
      {user?.mfaEnabled || errorOf('code') ? (
        <TextInput
          label="Authenticator code"
          description="The code your authenticator app shows now."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          {...input('code')}
          error={errorOf('code')}
        />
      ) : null}
    </>
  );
}

/**
 * The sign-in e-mail (account-area §2 'email update'). Where password resets go must not move on a session
 * alone: the current password is asked, and the new address takes effect when it opens the link we send it
 * (docs/decisions/021); the current address is told, with a link that undoes the change.
 */
export function EmailSection() {
  const { user } = useSession();
  const [sent, setSent] = useState<string | null>(null);
  const update = useUpdateEmail();
  const { form, errorOf, general } = useChangeForm(update, {
    email: user?.email ?? '',
    currentPassword: '',
    code: '',
  });

  const send = form.onSubmit((values) =>
    update.mutate(withCode(values), {
      onSuccess: (answer) => {
        setSent(answer.message);
        form.setValues({ currentPassword: '', code: '' });
      },
    }),
  );

  return (
    <AccountSection title="E-mail address" id="my-account-email">
      <form
        onSubmit={(e) => {
          setSent(null);
          send(e);
        }}
        className={classes.signInForm}
        aria-label="Update e-mail address"
        noValidate
      >
        <Stack gap="sm">
          <TextInput
            label="E-mail"
            description="Order confirmations and password resets go to this address. A new one takes effect when you open the link we send to it."
            type="email"
            autoComplete="email"
            leftSection={<IconMail size={16} aria-hidden />}
            {...form.getInputProps('email')}
            error={errorOf('email')}
          />
          <ProofFields input={(field) => form.getInputProps(field)} errorOf={errorOf} />
          {general ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {general}
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
  const change = useChangePassword();
  const { form, errorOf, general } = useChangeForm(change, {
    currentPassword: '',
    password: '',
    password_confirmation: '',
    code: '',
  });

  const submit = form.onSubmit((values) =>
    change.mutate(withCode(values), {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', icon: <IconCheck size={18} />, message: answer.message });
        form.setValues({ currentPassword: '', password: '', password_confirmation: '', code: '' });
      },
    }),
  );

  return (
    <AccountSection title="Password" id="my-account-password">
      <form onSubmit={submit} className={classes.signInForm} aria-label="Change password" noValidate>
        <Stack gap="sm">
          <ProofFields input={(field) => form.getInputProps(field)} errorOf={errorOf}>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              description={messages.password.rule}
              {...form.getInputProps('password')}
              error={errorOf('password')}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              {...form.getInputProps('password_confirmation')}
              error={errorOf('password_confirmation')}
              visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
            />
          </ProofFields>
          {general ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {general}
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
