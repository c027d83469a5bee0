/**
 * Who may do what in the back office: role × section × read or write, written once. The API refuses a staff call
 * whose section the role may not use (a GET reads its section, any other method writes it), the back office
 * shows only the sections a role may read, and the README's table of demo staff users is this table in words.
 */
export const STAFF_ROLES = ['admin', 'sales', 'accounting'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: string | undefined): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');

/** Reading a section includes nothing else; writing it includes reading it. */
export type StaffAccess = 'read' | 'write';

interface SectionWords {
  /** What a role that reads it reads ("reads orders"); null: there is nothing to read, only to do. */
  noun: string | null;
  /** What writing it means when it is more than "changes {noun}"; the role then reads the noun as well. */
  write?: string;
  /** Nothing in it can be changed: 'read' is its whole use. */
  readOnly?: true;
}

/** The back office's sections (the web's screens have the same names), with the words that describe a role. */
export const BACK_OFFICE_SECTIONS = {
  accounts: { noun: 'accounts and their users' },
  'view-as': { noun: null, write: 'views the shop as an account' },
  orders: { noun: 'orders', readOnly: true },
  invoices: { noun: 'invoices and payments', write: 'refunds and voids card payments' },
  aging: { noun: 'the aging of what accounts owe', readOnly: true },
  audit: { noun: 'the audit log', readOnly: true },
  catalogue: { noun: 'the catalogue and its prices' },
  pages: { noun: 'pages and settings' },
  careers: { noun: 'careers' },
  documents: { noun: 'documents' },
  dealers: { noun: 'dealers' },
  messages: { noun: 'contact messages' },
  'staff-users': { noun: 'staff users' },
  'erp-keys': { noun: 'ERP keys' },
  shipping: { noun: 'cut-off times, holidays and truck routes' },
} as const satisfies Record<string, SectionWords>;
export type BackOfficeSection = keyof typeof BACK_OFFICE_SECTIONS;

/**
 * THE ROLE MATRIX. A section a role may not use is left out. Admins do everything; sales look after accounts
 * and customers; accounting reads accounts and money and returns money; only admins change what the whole shop
 * sees (catalogue, pages, careers, documents, dealers) and who may sign in (staff users, ERP keys).
 */
export const STAFF_ROLE_MATRIX: Record<StaffRole, Partial<Record<BackOfficeSection, StaffAccess>>> = {
  admin: {
    accounts: 'write',
    'view-as': 'write',
    orders: 'read',
    invoices: 'write',
    aging: 'read',
    audit: 'read',
    catalogue: 'write',
    pages: 'write',
    careers: 'write',
    documents: 'write',
    dealers: 'write',
    messages: 'write',
    'staff-users': 'write',
    'erp-keys': 'write',
    shipping: 'write',
  },
  sales: {
    accounts: 'write',
    'view-as': 'write',
    orders: 'read',
    invoices: 'read',
    catalogue: 'read',
    pages: 'read',
    careers: 'read',
    documents: 'read',
    dealers: 'read',
    messages: 'write',
    shipping: 'read',
  },
  accounting: {
    accounts: 'read',
    orders: 'read',
    invoices: 'write',
    aging: 'read',
    audit: 'read',
  },
};

/** A GET (or HEAD) reads; every other method writes. */
export const accessOfMethod = (method: string): StaffAccess =>
  method === 'GET' || method === 'HEAD' ? 'read' : 'write';

/** Whether a staff role may read (or write) a section: write includes read. */
export function mayUse(role: string, section: BackOfficeSection, access: StaffAccess): boolean {
  if (!isStaffRole(role)) return false;
  const granted = STAFF_ROLE_MATRIX[role][section];
  return granted === 'write' || granted === access;
}

const SECTIONS = Object.keys(BACK_OFFICE_SECTIONS) as BackOfficeSection[];
const words = (section: BackOfficeSection): SectionWords => BACK_OFFICE_SECTIONS[section];
/** The most a section can be used: read for a read-only section, else write. */
const fullUse = (section: BackOfficeSection): StaffAccess => (words(section).readOnly ? 'read' : 'write');

/**
 * One line of what a role may do, from the matrix (the README's table of demo staff users shows it): "reads
 * accounts and their users, orders; refunds and voids card payments". A role with every section in full use is
 * "everything", with what only it may change.
 */
export function staffRoleSummary(role: StaffRole): string {
  const granted = STAFF_ROLE_MATRIX[role];
  if (SECTIONS.every((s) => granted[s] === fullUse(s))) {
    const onlyHere = SECTIONS.filter(
      (s) =>
        !words(s).readOnly && STAFF_ROLES.every((r) => r === role || granted[s] !== STAFF_ROLE_MATRIX[r][s]),
    );
    const nouns = onlyHere.map((s) => words(s).noun).filter((n) => n !== null);
    return nouns.length ? `everything; the only role that changes ${nouns.join(', ')}` : 'everything';
  }
  const changes: string[] = [];
  const reads: string[] = [];
  const does: string[] = [];
  for (const section of SECTIONS) {
    const { noun, write } = words(section);
    if (granted[section] === 'write' && write) {
      does.push(write);
      if (noun) reads.push(noun);
    } else if (granted[section] === 'write' && noun) changes.push(noun);
    else if (granted[section] === 'read' && noun) reads.push(noun);
  }
  return [
    changes.length ? `changes ${changes.join(', ')}` : '',
    reads.length ? `reads ${reads.join(', ')}` : '',
    ...does,
  ]
    .filter(Boolean)
    .join('; ');
}
