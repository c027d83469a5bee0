import type { ErpInvoice, MailKind, Order, SessionUser } from '@mitrebox/api-contract';
import { locationName } from '@mitrebox/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mail.ts';
import { waitAtMost } from '../../platform/wait-at-most.ts';
import { accountMailRecipients, type MailRecipient } from '../accounts/mail-recipients.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { loadOrder } from '../orders/order-details.ts';
import { backorderReleasedMail, releasedCodes } from './backorder-released.mail.ts';
import { invoiceIssuedMail, isBillable } from './invoice-issued.mail.ts';
import { type MailBody, type MailSender, renderMail } from './mail-layout.ts';
import { orderConfirmationMail } from './order-confirmation.mail.ts';
import { orderShippedMail } from './order-shipped.mail.ts';
import { createUnsubscribeLinks } from './unsubscribe-links.ts';

/**
 * The e-mails a buyer expects: the order confirmation when an order is placed, and from the ERP's invoice imports
 * an invoice issued, an order shipped and back-ordered items released. Each is sent after the transaction that
 * made its news has committed, in the background (the answer does not wait; a failure is logged, never thrown),
 * only to users of the account at the addresses they gave, each as they chose (mail_preferences), and once per
 * event and user (the outbox's event key), however often the job that makes the news runs again.
 */

/** An ERP invoice is news for this long after its date; older ones (a history load, a re-sent file) are not. */
export const INVOICE_NEWS_DAYS = 30;

export interface NotificationsDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  catalogue: CatalogueService;
  log: FastifyBaseLogger;
  /** When the order ships and arrives, a line per warehouse in it (the shipping module's orderLines). */
  shipBy?: (order: Order) => Promise<string[]>;
}

/** Who receives a kind of mail about an account, besides choosing it: the right it needs there. */
const MAY_RECEIVE: Record<Exclude<MailKind, 'orderConfirmation'>, (r: MailRecipient) => boolean> = {
  invoiceIssued: (r) => r.rights.pay,
  orderShipped: (r) => r.rights.order,
  backorderReleased: (r) => r.rights.order,
  monthlyStatement: (r) => r.rights.pay,
};

/** Each kind's name in its mails' event keys ('invoice-issued:<invnum>:<user id>'). */
const EVENT_PREFIX: Record<MailKind, string> = {
  orderConfirmation: 'order-confirmation',
  invoiceIssued: 'invoice-issued',
  orderShipped: 'order-shipped',
  backorderReleased: 'backorder-released',
  monthlyStatement: 'monthly-statement',
};

export function createNotifications(deps: NotificationsDeps) {
  const { db, config, mailer, catalogue, log } = deps;
  const links = createUnsubscribeLinks(db, config.PUBLIC_URL);
  const sender: MailSender = {
    company: config.COMPANY_NAME,
    address: config.COMPANY_ADDRESS,
    phone: config.CUSTOMER_SERVICE_PHONE,
    email: config.CUSTOMER_SERVICE_EMAIL,
    publicUrl: config.PUBLIC_URL,
  };
  const pending = new Set<Promise<void>>();

  /** Work that starts after the current answer and is never its failure. */
  function later(what: string, work: () => Promise<void>) {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err) => log.error({ err }, `${what}: e-mail not sent`))
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  /** One mail of an event to each recipient (one per address), each with its own unsubscribe link. */
  async function deliver(kind: MailKind, event: string, body: MailBody, to: MailRecipient[]) {
    const seen = new Set<string>();
    for (const r of to) {
      const address = r.email.trim().toLowerCase();
      if (seen.has(address)) continue;
      seen.add(address);
      try {
        const unsubscribeUrl = await links.url(r.userId, kind);
        const mail = renderMail(body, sender, `Hello ${r.name},`, unsubscribeUrl);
        await mailer.send({
          to: r.email,
          ...mail,
          unsubscribeUrl,
          eventKey: `${EVENT_PREFIX[kind]}:${event}:${r.userId}`,
        });
      } catch (err) {
        log.warn({ err, kind, event, userId: r.userId }, 'e-mail not sent');
      }
    }
  }

  const warehouseName = (locations: { Loc: string; Name: string }[]) => (code: string | null) =>
    code ? (locations.find((l) => l.Loc === code)?.Name ?? locationName(code) ?? code) : '';

  async function confirmOrder(user: SessionUser, ordnum: number, acctnum: string) {
    const order: Order | undefined = await loadOrder(db, catalogue, ordnum, [acctnum]);
    if (!order) return;
    const users = await accountMailRecipients(db, acctnum);
    // the one who placed it, and the account's own address (its owners) when that is another
    const to = users.filter(
      (r) => (r.userId === user.id || r.rights.manage) && r.preferences.orderConfirmation,
    );
    if (to.length === 0) return;
    const body = orderConfirmationMail(order, {
      publicUrl: config.PUBLIC_URL,
      timeZone: config.BUSINESS_TZ,
      warehouseName: warehouseName(await catalogue.locations()),
      shipBy: deps.shipBy ? await deps.shipBy(order) : [],
    });
    await deliver('orderConfirmation', String(ordnum), body, to);
  }

  async function invoiceNews(inv: ErpInvoice) {
    const users = await accountMailRecipients(db, inv.acctnum);
    const wants = (kind: Exclude<MailKind, 'orderConfirmation'>) =>
      users.filter((r) => r.preferences[kind] && MAY_RECEIVE[kind](r));
    const opts = { publicUrl: config.PUBLIC_URL };
    if (isBillable(inv))
      await deliver(
        'invoiceIssued',
        String(inv.invnum),
        invoiceIssuedMail(inv, opts),
        wants('invoiceIssued'),
      );
    const shipped = inv.items.some((it) => Number(it.shipped) > 0);
    if (!inv.ordnum || !shipped) return;
    // a tracking number sent later (the invoice sent again with it) is news of its own
    await deliver(
      'orderShipped',
      `${inv.invnum}:${inv.tracking ?? ''}`,
      orderShippedMail(inv, opts),
      wants('orderShipped'),
    );
    const order = await loadOrder(db, catalogue, inv.ordnum, [inv.acctnum]);
    const codes = order ? releasedCodes(inv, order) : new Set<string>();
    if (codes.size > 0)
      await deliver(
        'backorderReleased',
        String(inv.invnum),
        backorderReleasedMail(inv, codes, opts),
        wants('backorderReleased'),
      );
  }

  return {
    links,

    /**
     * The users of the account who receive `kind` (they chose it and have the right it needs), with their
     * addresses: the only addresses a mail about the account may go to.
     */
    async recipients(
      acctnum: string,
      kind: Exclude<MailKind, 'orderConfirmation'>,
    ): Promise<MailRecipient[]> {
      return (await accountMailRecipients(db, acctnum)).filter(
        (r) => r.preferences[kind] && MAY_RECEIVE[kind](r),
      );
    },

    /** After an order's transaction committed: its confirmation, in the background. */
    orderPlaced(user: SessionUser, ordnum: number) {
      const acctnum = user.accounts[0]?.Acctnum;
      if (acctnum) later('order confirmation', () => confirmOrder(user, ordnum, acctnum));
    },

    /**
     * After an ERP invoice import committed: the news of its recent invoices, in the background. Every recent
     * invoice of the file, changed or not, so that a file sent again after a crash sends what the crash cut
     * short — and, through the event keys, nothing twice.
     */
    invoicesImported(list: ErpInvoice[]) {
      const since = Date.now() - INVOICE_NEWS_DAYS * 86_400_000;
      const recent = list.filter((inv) => new Date(inv.inv_date).getTime() >= since);
      if (recent.length === 0) return;
      later('invoice news', async () => {
        for (const inv of recent) await invoiceNews(inv);
      });
    },

    /** Resolves when the mails started so far are done (the server's close waits for it; so do tests). */
    /**
     * Resolves once the mails under way have been sent or have failed (and those they started), or after
     * `withinMs` (a shutdown's limit: a send to an SMTP server that stopped answering is given up).
     */
    async idle(withinMs = Number.POSITIVE_INFINITY): Promise<void> {
      const deadline = Date.now() + withinMs;
      while (pending.size > 0 && Date.now() < deadline) {
        if ((await waitAtMost([...pending], deadline - Date.now())) === 'timed out') {
          log.warn({ mails: pending.size }, 'shutting down with e-mails still being sent');
          return;
        }
      }
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
