// The crash test's clients: signed-in users of demo account 10001, each with its own invoices to pay, that place
// orders, pay invoices, make payment batches and save frame designs, and what the server acknowledged to them
// (an acknowledged answer is a 2xx).
import { hashPassword } from '@mitrebox/api/platform/secrets';
import { chopCart } from '@mitrebox/api/testing/cart-lines';
import type pg from 'pg';

export const INVOICE_BASE = 1_700_000_000;
const INVOICES_PER_CLIENT = 5000;
const CRASH_PASSWORD = 'crash-test-pass-1';

export type Action = 'order' | 'payment' | 'batch' | 'frame';

export interface AckOrder {
  ordnum: number;
  codes: string[];
  total: string;
}
export interface CartEmptied {
  user: number;
  version: number;
}

/** What the clients were told was done. */
export interface Acks {
  ackOrders: AckOrder[];
  ackPayments: { paymentId: number; invnum: number }[];
  ackBatches: { batchId: number; invnums: number[] }[];
  ackFrames: { id: number; name: string; userId: number }[];
  /** Carts found emptied by an order whose answer was lost. */
  emptied: CartEmptied[];
}

/** One client: a signed-in user of demo account 10001 with its own invoices to pay. */
export class Client {
  token = '';
  lastVersion: number | undefined;
  nextInvoice: number;
  frames = 0;
  constructor(
    readonly index: number,
    readonly userId: number,
    readonly username: string,
  ) {
    this.nextInvoice = INVOICE_BASE + index * INVOICES_PER_CLIENT + 1;
  }
  takeInvoice() {
    return this.nextInvoice++;
  }
}

/** A call that got no answer (the process died under it): its outcome is whatever the database says. */
export class NoAnswer extends Error {}

async function call(
  url: string,
  token: string,
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new NoAnswer();
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    // the process died while sending the answer: the client never got it
    throw new NoAnswer();
  }
  return { status: res.status, json };
}

/**
 * The set-up: the clients (signed in), the chop mouldings they order with plenty of stock, their invoices, and
 * the account's default card.
 */
export async function setUpClients(db: pg.Pool, baseUrl: string, count: number) {
  const hash = await hashPassword(CRASH_PASSWORD);
  const clients: Client[] = [];
  for (let i = 0; i < count; i++) {
    const username = String(800001 + i);
    const { rows } = await db.query<{ id: number }>(
      `insert into users (username, name, email, password_hash) values ($1, $2, null, $3)
       on conflict (username) do update set password_hash = excluded.password_hash returning id`,
      [username, `Crash client ${i + 1}`, hash],
    );
    await db.query(
      `insert into user_accounts (user_id, acctnum) values ($1, '10001') on conflict do nothing`,
      [rows[0].id],
    );
    clients.push(new Client(i, rows[0].id, username));
  }
  const { rows: codeRows } = await db.query<{ code: string }>(
    `select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
     where p.type = 4 order by p.code limit 6`,
  );
  const codes = codeRows.map((r) => r.code);
  if (codes.length < 2) throw new Error('The demo data has too few chop mouldings in New Orleans.');
  // plenty of stock: an order must never fail for want of it (that is not what this test is about)
  await db.query(`update product_stock set onhand = 10000000 where location = 'C' and code = any($1)`, [
    codes,
  ]);
  await db.query(
    `insert into invoices (invnum, acctnum, location, inv_date, invamt, balance, paystatus)
     select $1::int + c * ${INVOICES_PER_CLIENT} + g, '10001', 'C', now(), 100.00, 100.00, 0
     from generate_series(0, $2::int - 1) c, generate_series(1, ${INVOICES_PER_CLIENT - 1}) g`,
    [INVOICE_BASE, count],
  );
  const { rows: cards } = await db.query<{ id: number }>(
    `select id from billing_methods where acctnum = '10001' and deleted_at is null and is_default limit 1`,
  );
  if (!cards[0]) throw new Error('Demo account 10001 has no default card.');
  const cardId = cards[0].id;
  for (const c of clients) {
    const res = await call(`${baseUrl}/api/login`, '', 'POST', {
      username: c.username,
      password: CRASH_PASSWORD,
    });
    c.token = (res.json as { data: { token: string } }).data.token;
  }
  return { clients, codes, cardId };
}

/**
 * What the clients do: one action at a time, picked at random (an order, a payment, a batch or a frame design),
 * counted when attempted and when acknowledged. An action answered with anything but a 2xx throws its message;
 * one that got no answer throws NoAnswer.
 */
export function createWorkload(w: { baseUrl: string; codes: string[]; cardId: number; rnd: () => number }) {
  const { baseUrl, codes, cardId, rnd } = w;
  const attempts: Record<Action, number> = { order: 0, payment: 0, batch: 0, frame: 0 };
  const acknowledged: Record<Action, number> = { order: 0, payment: 0, batch: 0, frame: 0 };
  const acks: Acks = { ackOrders: [], ackPayments: [], ackBatches: [], ackFrames: [], emptied: [] };
  const pickAction = (): Action => {
    const r = rnd();
    return r < 0.4 ? 'order' : r < 0.7 ? 'payment' : r < 0.8 ? 'batch' : 'frame';
  };

  async function order(c: Client) {
    const lines = 1 + Math.floor(rnd() * 3);
    const chosen = [...codes].sort(() => rnd() - 0.5).slice(0, lines);
    // what the cart's version was when last answered; unknown again if this call is cut off
    const previous = c.lastVersion;
    c.lastVersion = undefined;
    const cart = await call(`${baseUrl}/api/updateCart`, c.token, 'POST', chopCart(...chosen));
    if (cart.status !== 200)
      throw new Error(`updateCart answered ${cart.status}: ${JSON.stringify(cart.json)}`);
    const { version, total, data } = cart.json as { version: number; total: string; data: unknown[] };
    if (data.length !== lines) throw new Error(`the cart shows ${data.length} lines, not ${lines}`);
    // updateCart bumps the version once; two steps since the last answer mean an order emptied the cart
    // in between (an earlier placement whose answer was lost): that order must exist
    if (previous !== undefined && version === previous + 2)
      acks.emptied.push({ user: c.userId, version: previous });
    c.lastVersion = version;
    attempts.order++;
    const placed = await call(`${baseUrl}/api/admin/orders`, c.token, 'POST', {
      poNumber: 'CRASH',
      cartVersion: version,
    });
    if (placed.status >= 200 && placed.status < 300) {
      acknowledged.order++;
      const { orderNumber } = placed.json as { orderNumber: number };
      acks.ackOrders.push({ ordnum: orderNumber, codes: chosen, total });
      c.lastVersion = version + 1;
    } else throw new Error(`placing an order answered ${placed.status}: ${JSON.stringify(placed.json)}`);
  }

  async function payment(c: Client) {
    const invnum = c.takeInvoice();
    attempts.payment++;
    const res = await call(
      `${baseUrl}/api/admin/makePayment`,
      c.token,
      'POST',
      { Invnum: invnum, accountBillId: cardId, amount: '100.00' },
      { 'idempotency-key': `crash-${c.index}-${invnum}` },
    );
    const body = res.json as { paymentSuccess?: boolean; paymentId?: number };
    if (res.status === 200 && body.paymentSuccess && body.paymentId) {
      acknowledged.payment++;
      acks.ackPayments.push({ paymentId: body.paymentId, invnum });
    } else throw new Error(`a payment answered ${res.status}: ${JSON.stringify(res.json)}`);
  }

  async function batch(c: Client) {
    const invnums = [c.takeInvoice(), c.takeInvoice()];
    attempts.batch++;
    const res = await call(
      `${baseUrl}/api/makeBatchPayments`,
      c.token,
      'POST',
      invnums.map((invoiceid) => ({ invoiceid })),
    );
    if (res.status === 200) {
      acknowledged.batch++;
      acks.ackBatches.push({ batchId: (res.json as { batchId: number }).batchId, invnums });
    } else throw new Error(`a payment batch answered ${res.status}: ${JSON.stringify(res.json)}`);
  }

  async function frame(c: Client) {
    const name = `crash-${c.index}-${++c.frames}`;
    const design = { fWidth: 8 + (c.frames % 10), fHeight: 10, notes: name };
    attempts.frame++;
    const res = await call(`${baseUrl}/api/framebuilder/saveFrameBuilder`, c.token, 'POST', {
      framedata: Buffer.from(JSON.stringify(design)).toString('base64url'),
      name,
    });
    if (res.status === 200) {
      acknowledged.frame++;
      acks.ackFrames.push({ id: (res.json as { framedataid: number }).framedataid, name, userId: c.userId });
    } else throw new Error(`saving a frame answered ${res.status}: ${JSON.stringify(res.json)}`);
  }

  /** One action of a client, picked at random. */
  async function act(c: Client) {
    const action = pickAction();
    if (action === 'order') await order(c);
    else if (action === 'payment') await payment(c);
    else if (action === 'batch') await batch(c);
    else await frame(c);
  }

  return { attempts, acknowledged, acks, act };
}
