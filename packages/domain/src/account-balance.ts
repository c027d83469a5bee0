import { PAYSTATUS } from './invoice-status.ts';
import { cents, type Money, money, sum } from './money.ts';

/**
 * What an account owes: one definition for the signed-in home, the statement, the orders list and the staff
 * screens (issue 31). An invoice is owed while it is not paid (paystatus 0) or part paid (3) and has a balance;
 * its balance is what is owed. Open credits (unapplied credit memos) are what the supplier owes back: the total
 * due is the invoices' balances less the credits.
 */
export interface OwedInvoice {
  paystatus: number | null | undefined;
  balance: Money | null | undefined;
}

export interface OpenCredit {
  /** The credit's open amount; a credit memo's balance may be kept negative, it counts by its size. */
  balance: Money | null | undefined;
}

export interface AccountBalance {
  /** The owed invoices' balances. */
  invoicesDue: Money;
  /** How many invoices are owed. */
  invoiceCount: number;
  /** The open credits, as a positive amount. */
  creditsOpen: Money;
  /** invoicesDue − creditsOpen. */
  totalDue: Money;
}

export function isOwed(invoice: OwedInvoice): boolean {
  const owedStatus = invoice.paystatus === PAYSTATUS.notPaid || invoice.paystatus === PAYSTATUS.balance;
  return owedStatus && money(invoice.balance).gt(0);
}

export function accountBalance(
  invoices: readonly OwedInvoice[],
  credits: readonly OpenCredit[],
): AccountBalance {
  const owed = invoices.filter(isOwed);
  const invoicesDue = sum(owed.map((i) => money(i.balance)));
  const creditsOpen = sum(credits.map((c) => money(c.balance).abs()));
  return {
    invoicesDue: cents(invoicesDue),
    invoiceCount: owed.length,
    creditsOpen: cents(creditsOpen),
    totalDue: cents(invoicesDue.minus(creditsOpen)),
  };
}
