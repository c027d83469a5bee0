import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accessOfMethod,
  BACK_OFFICE_SECTIONS,
  type BackOfficeSection,
  mayUse,
  STAFF_ROLE_MATRIX,
  STAFF_ROLES,
  staffRoleSummary,
} from './staff-roles.ts';

const SECTIONS = Object.keys(BACK_OFFICE_SECTIONS) as BackOfficeSection[];

describe('the staff role matrix', () => {
  it.each([
    ['admin', 'catalogue', 'write', true],
    ['admin', 'audit', 'read', true],
    ['sales', 'accounts', 'write', true],
    ['sales', 'view-as', 'write', true],
    ['sales', 'catalogue', 'read', true],
    ['sales', 'catalogue', 'write', false],
    ['sales', 'invoices', 'write', false],
    ['sales', 'audit', 'read', false],
    ['accounting', 'accounts', 'read', true],
    ['accounting', 'accounts', 'write', false],
    ['accounting', 'view-as', 'write', false],
    ['accounting', 'invoices', 'write', true],
    ['accounting', 'audit', 'read', true],
    ['accounting', 'aging', 'read', true],
    ['sales', 'aging', 'read', false],
    ['sales', 'shipping', 'read', true],
    ['sales', 'shipping', 'write', false],
    ['accounting', 'shipping', 'read', false],
    ['accounting', 'catalogue', 'read', false],
    ['accounting', 'pages', 'write', false],
    ['customer', 'accounts', 'read', false],
  ] as const)('%s may %s %s: %s', (role, section, access, may) => {
    expect(mayUse(role, section, access)).toBe(may);
  });

  it('writing a section includes reading it; nobody writes a read-only section', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STAFF_ROLES), fc.constantFrom(...SECTIONS), (role, section) => {
        if (mayUse(role, section, 'write')) expect(mayUse(role, section, 'read')).toBe(true);
        if ('readOnly' in BACK_OFFICE_SECTIONS[section]) expect(mayUse(role, section, 'write')).toBe(false);
      }),
    );
  });

  it('lets nobody but admins change the catalogue, content, dealers, staff users or ERP keys', () => {
    for (const section of [
      'catalogue',
      'pages',
      'careers',
      'documents',
      'dealers',
      'staff-users',
      'erp-keys',
    ] as const)
      expect(STAFF_ROLES.filter((r) => mayUse(r, section, 'write'))).toEqual(['admin']);
    // admins use every section in full
    for (const section of SECTIONS) expect(STAFF_ROLE_MATRIX.admin[section]).toBeDefined();
  });

  it('reads a GET as reading and every other method as writing', () => {
    expect(accessOfMethod('GET')).toBe('read');
    expect(accessOfMethod('HEAD')).toBe('read');
    for (const m of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(accessOfMethod(m)).toBe('write');
  });

  it('describes each role in one line from the matrix', () => {
    expect(staffRoleSummary('admin')).toBe(
      'everything; the only role that changes the catalogue and its prices, pages and settings, careers, documents, dealers, staff users, ERP keys, cut-off times, holidays and truck routes',
    );
    expect(staffRoleSummary('sales')).toBe(
      'changes accounts and their users, contact messages; reads orders, invoices and payments, the catalogue and its prices, pages and settings, careers, documents, dealers, cut-off times, holidays and truck routes; views the shop as an account',
    );
    expect(staffRoleSummary('accounting')).toBe(
      'reads accounts and their users, orders, invoices and payments, the aging of what accounts owe, the audit log; refunds and voids card payments',
    );
  });
});
