import type { RouteContract, RouteKey } from '../route.ts';
import { accountsContract } from './accounts.ts';
import { auditContract } from './audit.ts';
import { authContract } from './auth.ts';
import { balanceContract } from './balance.ts';
import { cartContract } from './cart.ts';
import { catalogueContract } from './catalogue.ts';
import { colleaguesContract } from './colleagues.ts';
import { contactContract } from './contact.ts';
import { contentContract } from './content.ts';
import { dealersContract } from './dealers.ts';
import { erpContract } from './erp.ts';
import { framesContract } from './frames.ts';
import { healthContract } from './health.ts';
import { invoicesContract } from './invoices.ts';
import { listsContract } from './lists.ts';
import { mailPreferencesContract } from './mail-preferences.ts';
import { orderAgainContract } from './order-again.ts';
import { ordersContract } from './orders.ts';
import { paymentsContract } from './payments.ts';
import { priceListsContract } from './price-lists.ts';
import { samplesContract } from './samples.ts';
import { shippingContract } from './shipping.ts';
import { shopApiContract } from './shop-api.ts';
import { staffAccountsContract } from './staff-accounts.ts';
import { staffCatalogueContract } from './staff-catalogue.ts';
import { staffContactContract } from './staff-contact.ts';
import { staffContentContract } from './staff-content.ts';
import { staffDealersContract } from './staff-dealers.ts';
import { staffPaymentsContract } from './staff-payments.ts';
import { staffUsersContract } from './staff-users.ts';
import { statementsContract } from './statements.ts';

/**
 * The route table of the API, by area: the server registers each route from it and the web app's client calls
 * it, so a path, a request and an answer are checked by the compiler on both sides.
 */
export const contract = {
  cart: cartContract,
  orders: ordersContract,
  frames: framesContract,
  dealers: dealersContract,
  auth: authContract,
  accounts: accountsContract,
  staffAccounts: staffAccountsContract,
  staffUsers: staffUsersContract,
  audit: auditContract,
  erp: erpContract,
  health: healthContract,
  content: contentContract,
  contact: contactContract,
  staffContent: staffContentContract,
  staffDealers: staffDealersContract,
  staffContact: staffContactContract,
  payments: paymentsContract,
  invoices: invoicesContract,
  balance: balanceContract,
  staffPayments: staffPaymentsContract,
  catalogue: catalogueContract,
  staffCatalogue: staffCatalogueContract,
  colleagues: colleaguesContract,
  mailPreferences: mailPreferencesContract,
  statements: statementsContract,
  orderAgain: orderAgainContract,
  lists: listsContract,
  shipping: shippingContract,
  priceLists: priceListsContract,
  samples: samplesContract,
  shopApi: shopApiContract,
};

export { MAIL_KIND_TEXT, MAIL_KINDS, type MailKind, MailPreferences } from './mail-preferences.ts';
export * from './shipping.ts';

type Areas = typeof contract;
type AnyRoute = { [A in keyof Areas]: Areas[A][keyof Areas[A]] }[keyof Areas];

/**
 * Every route by its key (`'POST /api/updateCart'`). The web app's client reads only this type: a call names its
 * route by the key, so the browser gets the paths without the schemas (and zod) in its bundle.
 */
export type ContractRoutes = { [R in AnyRoute as R extends RouteContract ? RouteKey<R> : never]: R };
