import type { Db } from '../platform/db.ts';
import { hashPassword } from '../platform/secrets.ts';
import { accounts, userAccounts, users } from '../schema.ts';

export const DEMO_PASSWORD = 'framing-demo';
/** Base32 TOTP secret of demo account 10007 (add it to any authenticator app). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

type AccountSeed = typeof accounts.$inferInsert & {
  email: string | null;
  userName: string;
  user?: Partial<typeof users.$inferInsert>;
};

/** The demo sign-ins listed in the README. Every one uses DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: AccountSeed[] = [
  {
    acctnum: '10001',
    company: 'Crescent City Frame Works',
    contact: 'Marie Broussard',
    title: 'Owner',
    phone: '504-555-0142',
    address1: '2108 Magazine St',
    city: 'New Orleans',
    state: 'LA',
    zip: '70130',
    activeType: 'Y',
    terms: 'Net 30',
    shipvia: 'OUR TRUCK',
    location: 'C',
    salesperson: 'JT',
    website: 'crescentcityframeworks.example',
    bDisc: '2',
    cDisc: '3',
    gDisc: 'Plus',
    jDisc: '3',
    lDisc: '4',
    hDisc: 'Plus',
    mDisc: '2',
    email: 'marie@crescentcityframes.example',
    userName: 'Marie Broussard',
  },
  {
    acctnum: '10002',
    company: 'Bayou Gallery & Framing',
    contact: 'Luc Thibodeaux',
    title: 'Manager',
    phone: '225-555-0199',
    address1: '410 Third St',
    city: 'Baton Rouge',
    state: 'LA',
    zip: '70802',
    activeType: 'N',
    terms: 'Net 30',
    shipvia: 'UPS',
    location: 'C',
    salesperson: 'JT',
    bDisc: '1',
    cDisc: '1',
    gDisc: 'Basic',
    jDisc: '1',
    lDisc: '1',
    hDisc: 'Basic',
    mDisc: '1',
    email: 'luc@bayougallery.example',
    userName: 'Luc Thibodeaux',
  },
  {
    acctnum: '10003',
    company: 'Gulf Coast Art & Frame',
    contact: 'Dana Pruitt',
    title: 'Owner',
    phone: '813-555-0118',
    address1: '1701 N Franklin St',
    city: 'Tampa',
    state: 'FL',
    zip: '33602',
    activeType: 'Y',
    terms: 'Credit Hold',
    shipvia: 'FEDEX',
    location: 'E',
    salesperson: 'RB',
    bDisc: '1',
    cDisc: '2',
    gDisc: 'Basic',
    jDisc: '2',
    lDisc: '2',
    hDisc: 'Basic',
    mDisc: '1',
    email: 'dana@gulfcoastart.example',
    userName: 'Dana Pruitt',
  },
  {
    acctnum: '10004',
    company: 'Piedmont Picture Framers',
    contact: 'Grace Whitfield',
    title: 'Owner',
    phone: '336-555-0173',
    address1: '312 S Elm St',
    city: 'Greensboro',
    state: 'NC',
    zip: '27401',
    activeType: 'Y',
    terms: 'Net 30',
    shipvia: 'OUR TRUCK',
    location: 'B',
    salesperson: 'KM',
    bDisc: '1',
    cDisc: '2',
    gDisc: 'Basic',
    jDisc: '2',
    lDisc: '2',
    hDisc: 'Basic',
    mDisc: '2',
    email: null,
    userName: 'Grace Whitfield',
    user: { firstLogin: true },
  },
  {
    acctnum: '10005',
    company: 'Mile High Frame Studio',
    contact: 'Sam Okafor',
    title: 'Owner',
    phone: '303-555-0164',
    address1: '1550 Platte St',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    activeType: 'Y',
    terms: 'Net 30',
    shipvia: 'FEDEX',
    location: 'G',
    salesperson: 'DW',
    bDisc: '3',
    cDisc: '4',
    gDisc: 'Premium',
    jDisc: '4',
    lDisc: '5',
    hDisc: 'Premium',
    mDisc: '3',
    email: 'sam@milehighframes.example',
    userName: 'Sam Okafor',
  },
  {
    acctnum: '10006',
    company: 'Lowcountry Frame Shop',
    contact: 'Ada Pinckney',
    title: 'Owner',
    phone: '843-555-0107',
    address1: '88 King St',
    city: 'Charleston',
    state: 'SC',
    zip: '29401',
    activeType: 'Y',
    terms: 'Net 30',
    shipvia: 'UPS',
    location: 'B',
    salesperson: 'KM',
    bDisc: '1',
    cDisc: '1',
    gDisc: 'Basic',
    jDisc: '1',
    lDisc: '1',
    hDisc: 'Basic',
    mDisc: '1',
    email: 'ada@lowcountryframes.example',
    userName: 'Ada Pinckney',
    user: { emailVerifyRequired: true },
  },
  {
    acctnum: '10007',
    company: 'Sun Coast Gallery Supply',
    contact: 'Ray Alvarez',
    title: 'Owner',
    phone: '727-555-0150',
    address1: '200 Central Ave',
    city: 'St. Petersburg',
    state: 'FL',
    zip: '33701',
    activeType: 'Y',
    terms: 'Net 30',
    shipvia: 'FEDEX',
    location: 'E',
    salesperson: 'RB',
    bDisc: '2',
    cDisc: '2',
    gDisc: 'Plus',
    jDisc: '2',
    lDisc: '3',
    hDisc: 'Plus',
    mDisc: '2',
    email: 'ray@suncoastgallery.example',
    userName: 'Ray Alvarez',
    user: { totpSecret: DEMO_TOTP_SECRET },
  },
];

/** The TOTP secret of every demo staff user (documented in the README, like 10007's). */
export const DEMO_STAFF_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** One demo staff user per role; they sign in by e-mail at /staff with DEMO_PASSWORD and a TOTP code. */
export const DEMO_STAFF = [
  { email: 'admin@mitrebox.example', name: 'Avery Admin', role: 'admin' },
  { email: 'sales@mitrebox.example', name: 'Sam Sales', role: 'sales' },
  { email: 'accounting@mitrebox.example', name: 'Alex Accounting', role: 'accounting' },
] as const;

/** Inserts the demo accounts and their users (one user per account, username = account number). */
export async function seedDemoAccounts(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const seed of DEMO_ACCOUNTS) {
    const { email, userName, user, ...account } = seed;
    await db.insert(accounts).values(account);
    const [row] = await db
      .insert(users)
      .values({ username: account.acctnum, name: userName, email, passwordHash, ...user })
      .returning({ id: users.id });
    await db.insert(userAccounts).values({ userId: row.id, acctnum: account.acctnum, position: 0 });
  }
  // staff: username = the lower-cased e-mail, no accounts of their own
  for (const staff of DEMO_STAFF) {
    await db.insert(users).values({
      username: staff.email,
      name: staff.name,
      email: staff.email,
      passwordHash,
      role: staff.role,
      isStaff: true,
      totpSecret: DEMO_STAFF_TOTP_SECRET,
    });
  }
}
