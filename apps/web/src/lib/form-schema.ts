import { plainFieldMessage } from '@mitrebox/domain';
import type { ZodType } from 'zod';
import { ApiError, SERVER_ERROR_MESSAGE } from './api.ts';

/** A form's errors, field → message; an empty, null or undefined message is no error. */
export type FieldErrors = Record<string, string | null | undefined>;

/**
 * What the call's request schema (packages/api-contract) refuses in `request`, each on its field in the sentence
 * the server answers for it (plainFieldMessage): a form checks the server's own rules before sending.
 * `fields` names the form's field where it differs from the request's key ({ password_confirmation: 'confirmation' }).
 */
export function schemaErrors(
  schema: ZodType,
  request: unknown,
  fields: Record<string, string> = {},
): Record<string, string> {
  const parsed = schema.safeParse(request);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'body';
    errors[fields[key] ?? key] ??= plainFieldMessage(key, issue.message);
  }
  return errors;
}

/**
 * A `validate` for @mantine/form: the request schema's refusals of the form's own fields (a value the screen does
 * not hold, a token from the link, is the server's to answer), then the screen's own rules, which win on a field
 * both refuse (they carry the specification's sentences, 'Field required').
 */
export function requestRules<V extends object>(
  schema: ZodType,
  toRequest: (values: V) => unknown,
  own?: (values: V) => FieldErrors,
  fields?: Record<string, string>,
): (values: V) => FieldErrors {
  return (values) => {
    const errors: FieldErrors = {};
    for (const [field, message] of Object.entries(schemaErrors(schema, toRequest(values), fields)))
      if (Object.hasOwn(values, field)) errors[field] = message;
    for (const [field, message] of Object.entries(own?.(values) ?? {})) if (message) errors[field] = message;
    return errors;
  };
}

/** The first message of a form's errors: what a screen that shows one message for the whole form puts up. */
export function firstError(errors: Record<string, unknown>): string | undefined {
  const first = Object.values(errors).find((m) => typeof m === 'string' && m);
  return first as string | undefined;
}

/**
 * A form's call refused: the server's message above the form and each field's refusal on its field; anything
 * that is not the server's answer (a bug, a lost connection caught elsewhere) as the plain "our side" sentence.
 */
export function showRefusal(
  err: unknown,
  form: { setErrors: (errors: Record<string, string>) => void },
  setError: (message: string) => void,
): void {
  if (err instanceof ApiError) {
    setError(err.message);
    form.setErrors(err.errors ?? {});
  } else setError(SERVER_ERROR_MESSAGE);
}
