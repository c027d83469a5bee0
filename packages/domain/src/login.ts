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

/** Password rule used wherever a customer chooses a password (verify data, reset). */
export const PASSWORD_MIN_LENGTH = 8;

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > 200) return 'The password may not be greater than 200 characters.';
  return null;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}
