import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToCartMessages } from './cart-rules.ts';
import { documentNumberProblem, MAX_DOCUMENT_NUMBER } from './document-numbers.ts';
import { messages } from './messages.ts';
import { fieldLabel, isTechnicalMessage, plainFieldMessage, plainRefusal } from './plain-errors.ts';

describe('plain sentences for refusals', () => {
  it('the reported texts', () => {
    expect(plainFieldMessage('Invoicenum', 'Too big: expected number to be <=2000000000')).toBe(
      'Invoice number is too large. Check the number.',
    );
    expect(plainFieldMessage('email', 'The email field is required.')).toBe('E-mail address is required.');
    expect(plainFieldMessage('email', 'email The email field is required.')).toBe(
      'E-mail address is required.',
    );
    expect(
      plainRefusal({
        message: 'Invoicenum: Too big: expected number to be <=2000000000',
        errors: { Invoicenum: 'Too big: expected number to be <=2000000000' },
      }),
    ).toEqual({
      message: 'Invoice number is too large. Check the number.',
      errors: { Invoicenum: 'Invoice number is too large. Check the number.' },
    });
  });

  it.each([
    ['Ordernum', 'Invalid input: expected number, received NaN', 'Order number must be a number.'],
    ['page', 'Invalid input: expected int, received number', 'Page must be a whole number.'],
    ['perPage', 'Too small: expected number to be >=1', 'Rows per page must be at least 1.'],
    ['quantity', 'Too small: expected number to be >0', 'Quantity must be greater than 0.'],
    ['amount', 'Too big: expected number to be <=999', 'Amount can be at most 999.'],
    ['search', 'Too big: expected string to have <=100 characters', 'Search can be at most 100 characters.'],
    ['username', 'Too small: expected string to have >=1 characters', 'Account number is required.'],
    ['orderDir', 'Invalid option: expected one of "asc"|"desc"', 'Sort direction is not one of the choices.'],
    ['password', 'Invalid input: expected string, received undefined', 'Password is required.'],
    [
      'filters.collection',
      'Too big: expected array to have <=200 items',
      'Collection can hold at most 200 entries.',
    ],
    ['cartdata.2', 'Required', 'Cart line 3 is required.'],
    ['invDateFrom', 'Invalid ISO date', 'Invoice date from must be a date.'],
    ['email', 'Invalid email address', 'Enter a valid e-mail address.'],
  ])('%s: %s', (field, raw, plain) => {
    expect(plainFieldMessage(field, raw)).toBe(plain);
  });

  it("leaves the shop's own sentences letter for letter", () => {
    const own = [
      ...Object.values(addToCartMessages),
      messages.notStockedHere,
      'Email format incorrect',
      'Sign in to sort by price.',
      'Your cart is empty.',
    ];
    for (const text of own) {
      expect(isTechnicalMessage(text), text).toBe(false);
      expect(plainFieldMessage('quantity', text)).toBe(text);
      expect(plainRefusal({ message: text })).toEqual({ message: text });
    }
  });

  it('never answers technical text, for any field and any zod-like message', () => {
    const zodLike = fc.oneof(
      fc.integer().map((n) => `Too big: expected number to be <=${n}`),
      fc.integer().map((n) => `Too small: expected number to be >=${n}`),
      fc.nat().map((n) => `Too big: expected string to have <=${n} characters`),
      fc
        .constantFrom('number', 'int', 'string', 'boolean')
        .map((t) => `Invalid input: expected ${t}, received NaN`),
      fc.string().map((s) => `Invalid option: expected one of ${JSON.stringify(s)}`),
    );
    const field = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}(\.[0-9]{1,2})?$/);
    fc.assert(
      fc.property(field, zodLike, (f, raw) => {
        const plain = plainFieldMessage(f, raw);
        expect(plain).not.toMatch(/expected|received|<=|>=|Invalid input|Too (big|small):/);
        expect(plain).toMatch(/^[A-Z0-9]/);
        expect(plain).toMatch(/\.$/);
      }),
    );
  });

  it('labels fields as people name them', () => {
    expect(fieldLabel('Invoicenum')).toBe('Invoice number');
    expect(fieldLabel('filters.width')).toBe('Width');
    expect(fieldLabel('shipToCompany')).toBe('Ship to company');
    expect(fieldLabel('cartdata.0')).toBe('Cart line 1');
  });
});

describe('order and invoice numbers typed in a search', () => {
  it('refuses what is not a number, zero and numbers past the largest, in plain words', () => {
    expect(documentNumberProblem('', 'Invoice number')).toBeNull();
    expect(documentNumberProblem(' 321401 ', 'Invoice number')).toBeNull();
    expect(documentNumberProblem(String(MAX_DOCUMENT_NUMBER), 'Invoice number')).toBeNull();
    expect(documentNumberProblem('12a4', 'Invoice number')).toBe(
      'Invoice number must be a number (digits only).',
    );
    expect(documentNumberProblem('-5', 'Order number')).toBe('Order number must be a number (digits only).');
    expect(documentNumberProblem('1e5', 'Order number')).toBe('Order number must be a number (digits only).');
    expect(documentNumberProblem('0', 'Order number')).toBe('Order number must be greater than 0.');
    expect(documentNumberProblem('99999999999', 'Invoice number')).toBe(
      'Invoice number is too large. Check the number.',
    );
  });
});
