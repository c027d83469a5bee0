/** The largest order, invoice or batch number the shop looks up (a database integer holds it). */
export const MAX_DOCUMENT_NUMBER = 2_000_000_000;

/**
 * Why a typed order or invoice number cannot be searched for, as a plain sentence — or null when it can (an
 * empty box searches nothing). Checked by the search form before anything is sent and by the contract.
 */
export function documentNumberProblem(text: string | null | undefined, label: string): string | null {
  const t = (text ?? '').trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return `${label} must be a number (digits only).`;
  const n = Number(t);
  if (n <= 0) return `${label} must be greater than 0.`;
  if (n > MAX_DOCUMENT_NUMBER) return `${label} is too large. Check the number.`;
  return null;
}
