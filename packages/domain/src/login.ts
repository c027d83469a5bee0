import { messages } from './messages.ts';

export interface LoginForm {
  username: string;
  password: string;
}

/** The sign-in form's rules (storefront §5 Login), in the order the screen reports them. */
export function validateLoginForm(form: LoginForm): string | null {
  const username = form.username.trim();
  if (/[a-z@]/i.test(username)) return messages.login.usernameNotNumeric;
  if (!/^\d+$/.test(username)) return messages.login.usernameEmpty;
  if (form.password.length === 0) return messages.login.passwordEmpty;
  return null;
}

/**
 * The password rule wherever a customer chooses a password (first-time verify data, reset), after NIST
 * SP 800-63B §5.1.1.2: at least 10 characters, at most 200, any characters, and not one of the commonly used
 * passwords of a shipped list (@zxcvbn-ts/language-common, MIT: ~49,000 passwords from leaked-password
 * corpora; compared without case). No composition rules, no expiry. The screen shows the same messages as
 * the customer types; the server re-checks.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** Whether a password is on the common-password list (see loadCommonPasswords). */
export type CommonPasswordCheck = (password: string) => boolean;

export function passwordProblem(password: string, isCommon?: CommonPasswordCheck): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return messages.password.tooShort(PASSWORD_MIN_LENGTH);
  if (password.length > PASSWORD_MAX_LENGTH) return messages.password.tooLong(PASSWORD_MAX_LENGTH);
  if (isCommon?.(password)) return messages.password.tooCommon;
  return null;
}

let commonPasswords: Promise<CommonPasswordCheck> | undefined;

/**
 * Loads the common-password list once (a separate chunk in the browser: only the screens that set a
 * password fetch it).
 */
export function loadCommonPasswords(): Promise<CommonPasswordCheck> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const list = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
    return (password: string) => list.has(password.toLowerCase());
  });
  return commonPasswords;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}
