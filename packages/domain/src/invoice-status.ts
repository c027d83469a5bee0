import { formatMoney, type Money, money } from './money.ts';

/** paystatus (account-area §4): 0 not paid, 1 paid, 3 shown with a balance, 4 credit. 9 filters pending orders. */
export const PAYSTATUS = { notPaid: 0, paid: 1, balance: 3, credit: 4 } as const;
export const PENDING_FILTER = 9;

/** The order list's status filter: blank, Credits=4, Paid=1, Not Paid=0, Pending=9. */
export const ORDER_STATUS_FILTERS = [
  { value: '', label: '' },
  { value: '4', label: 'Credits' },
  { value: '1', label: 'Paid' },
  { value: '0', label: 'Not Paid' },
  { value: '9', label: 'Pending' },
] as const;

/** Batch payment status reads 'In-Process' while no status exists. */
export function batchStatusText(batch: {
  exists: boolean;
  status: string | null | undefined;
}): string | null {
  if (!batch.exists) return null;
  return batch.status?.trim() ? batch.status : 'In-Process';
}

/**
 * Order list status label: Paid for 1 and 4, Not Paid for 0, blank for 3; when the status is not 1 and a batch
 * status exists, the batch status replaces the label.
 */
export function orderStatusLabel(paystatus: number | null | undefined, batchStatus?: string | null): string {
  if (paystatus !== 1 && batchStatus) return batchStatus;
  if (paystatus === 1 || paystatus === 4) return 'Paid';
  if (paystatus === 0) return 'Not Paid';
  return '';
}

export type RowTone = 'green' | 'pink' | 'black';

/** Row colour: green for paid and credit, a pink tone for 3, black otherwise. */
export function orderRowTone(paystatus: number | null | undefined): RowTone {
  if (paystatus === 1 || paystatus === 4) return 'green';
  if (paystatus === 3) return 'pink';
  return 'black';
}

/** Invoice status text: 0 and 3 'Balance $…'; 1 'Paid in full'; 2 blank; 4 'View Credit Memo'. */
export function invoiceStatusText(paystatus: number | null | undefined, balance: Money | number): string {
  switch (paystatus) {
    case 0:
    case 3:
      return `Balance $${formatMoney(balance)}`;
    case 1:
      return 'Paid in full';
    case 4:
      return 'View Credit Memo';
    default:
      return '';
  }
}

/** The invoice's pay button: shown unless paid; enabled only when not paid (0) with a balance above 0. */
export function payButton(paystatus: number | null | undefined, balance: Money | number) {
  return { shown: paystatus !== 1, enabled: paystatus === 0 && money(balance as Money).gt(0) };
}

/**
 * Why a part-paid invoice (paystatus 3) has no working Pay button, and what to do (issue 31): the rule of §4
 * stays (Pay only for "not paid"), the customer is told the rest is paid by phone. Null for any other invoice.
 */
export function partPaidNotice(
  paystatus: number | null | undefined,
  balance: Money | number | null | undefined,
  phone: string,
): string | null {
  if (paystatus !== PAYSTATUS.balance || !money((balance ?? 0) as Money).gt(0)) return null;
  return `This invoice is part paid. To pay the remaining $${formatMoney(balance as Money)}, call us at ${phone}.`;
}

/** Only unpaid rows with a positive invoice amount and invoice numbers get a checkbox (account-area §5). */
export function isPayableRow(row: {
  paystatus: number | null | undefined;
  invamt: Money | number | null;
  invoiceNumbers: readonly unknown[];
}): boolean {
  return row.paystatus === 0 && row.invoiceNumbers.length > 0 && money((row.invamt ?? 0) as Money).gt(0);
}

/** Credits: invoice numbers starting with 5000 are plain text, not links. */
export function isLinkedCreditInvoice(invnum: number | string): boolean {
  return !String(invnum).startsWith('5000');
}

/** A credit amount shows in red in parentheses: "(1,234.50)". */
export function creditAmountText(amount: Money | number): string {
  return `(${formatMoney(money(amount as Money).abs())})`;
}

/** An amount with more than two decimals: the reason is the cents, not the balance (issue 31). */
export const AMOUNT_DECIMALS_MESSAGE = 'Enter the amount in dollars and cents (at most two decimals).';

/**
 * Payment amount (account-area §5): digits and a dot, at most 2 decimals, not above the balance. A number
 * with more than two decimals is told so; anything else refused gets the specification's message.
 */
export function paymentAmountProblem(amount: string, balance: Money | number): string | null {
  const message = `Amount should be less than or equal to ${formatMoney(balance)}`;
  if (/^\d*\.\d{3,}$/.test(amount.trim())) return AMOUNT_DECIMALS_MESSAGE;
  if (!/^\d+(\.\d{0,2})?$/.test(amount.trim())) return message;
  const value = money(amount.trim());
  if (value.lte(0) || value.gt(money(balance as Money))) return message;
  return null;
}
