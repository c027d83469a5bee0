import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptablePaymentAmount,
  cardTypeOf,
  containsCardNumber,
  expiryYears,
  looksLikeCardNumber,
  luhnValid,
  paymentMessages as M,
  manualCardProblem,
  paymentAmountRefusal,
} from './payments.ts';

describe('card-shaped numbers', () => {
  it('Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });
  it('finds 13–19 digit Luhn-valid runs, with spaces or dashes, inside any JSON value', () => {
    expect(looksLikeCardNumber('card 4111 1111 1111 1111 thanks')).toBe(true);
    expect(looksLikeCardNumber('5105-1051-0510-5100')).toBe(true);
    expect(looksLikeCardNumber('order 700123, invoice 5000123')).toBe(false);
    expect(looksLikeCardNumber('4111111111111112')).toBe(false);
    // a signed csrf value carries a millisecond timestamp: 13 digits, Luhn-valid one time in ten, never a card
    const luhnTimestamp = Array.from({ length: 1000 }, (_, i) => String(1795435137000 + i)).find((d) =>
      luhnValid(d),
    ) as string;
    expect(looksLikeCardNumber(`${luhnTimestamp}.c2lnbmF0dXJl`)).toBe(false);
    expect(containsCardNumber({ a: [{ b: '378282246310005' }] })).toBe(true);
    expect(containsCardNumber({ Invnum: 123456, amount: '10.00', token: 'sbxn_abc' })).toBe(false);
  });
  it('a card number typed into any text field is found, in a value or a key, at any depth', () => {
    expect(containsCardNumber({ po: '4111 1111 1111 1111' })).toBe(true);
    expect(containsCardNumber({ lines: [{ note: 'pay with 5105-1051-0510-5100' }] })).toBe(true);
    expect(containsCardNumber({ '4111111111111111': 'x' })).toBe(true);
    expect(containsCardNumber('4111111111111111')).toBe(true);
    // a query string's object has no prototype, or one without any
    expect(containsCardNumber(Object.assign(Object.create(null), { q: '378282246310005' }))).toBe(true);
    const dictionary = Object.create(Object.create(null));
    expect(containsCardNumber(Object.assign(dictionary, { q: '378282246310005' }))).toBe(true);
    // nesting far deeper than any form is still read to the end (one pass, no recursion)
    let deep: unknown = { note: '4111111111111111' };
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(containsCardNumber(deep)).toBe(true);
  });
  it('numbers are never taken for cards, however many decimals they carry', () => {
    // a crop of the Frame Creator: "347560975609756" is a Luhn-valid, card-shaped run of digits
    expect(looksLikeCardNumber('0.347560975609756')).toBe(true);
    expect(containsCardNumber({ crop: { x: 0.347560975609756, y: 0, w: 0.652439024390244, h: 1 } })).toBe(
      false,
    );
    expect(containsCardNumber({ a: [{ b: 378282246310005 }] })).toBe(false);
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true })), fc.array(fc.integer()), (doubles, ints) => {
        expect(containsCardNumber({ doubles, ints, nested: [[doubles]] })).toBe(false);
      }),
    );
  });
  it('a Buffer or any other object than a plain one is not walked', () => {
    const card = Buffer.from('4111 1111 1111 1111');
    expect(containsCardNumber(card)).toBe(false);
    // every read of its entries is counted: none happens
    let reads = 0;
    const counted = new Proxy(Buffer.alloc(64 * 1024, '4111111111111111'), {
      get: (target, key) => {
        reads++;
        return Reflect.get(target, key);
      },
      ownKeys: (target) => {
        reads++;
        return Reflect.ownKeys(target);
      },
    });
    expect(containsCardNumber({ upload: counted })).toBe(false);
    expect(reads).toBe(0);
    expect(containsCardNumber(new Map([['card', '4111111111111111']]))).toBe(false);
  });
  it('brands', () => {
    expect(cardTypeOf('4111')).toBe('Visa');
    expect(cardTypeOf('5105')).toBe('MasterCard');
    expect(cardTypeOf('3782')).toBe('American Express');
  });
});

describe('payment rules', () => {
  it('amount: digits and a dot, at most 2 decimals, above 0, not above the balance', () => {
    expect(acceptablePaymentAmount('10', '20.00')).toBe('10.00');
    expect(acceptablePaymentAmount('20.00', '20.00')).toBe('20.00');
    for (const bad of ['0', '-5', '1.005', '1e2', 'ten', '99999999', '', '20.01'])
      expect(acceptablePaymentAmount(bad, '20.00'), bad).toBeNull();
  });
  it('the reason an amount is refused: three decimals are not a balance problem (issue 31)', () => {
    expect(paymentAmountRefusal('1.005', '89.58')).toBe(
      'Enter the amount in dollars and cents (at most two decimals).',
    );
    for (const bad of ['0', '-5', '1e2', 'ten', '', '89.59', '99999999999'])
      expect(paymentAmountRefusal(bad, '89.58'), bad).toBe(M.amountTooHigh('89.58'));
  });
  it('a declined card: a plain heading and the processor reason with what to do', () => {
    expect(M.cardDeclined).toBe('Your card was declined');
    expect(M.declineReason('Do Not Honor (2000)')).toContain('Do Not Honor (2000)');
    expect(M.declineReason('Do Not Honor (2000)')).toContain('Nothing was charged');
  });
  it('manual card: the first missing thing, in the form’s order', () => {
    const full = {
      billing_name: 'A',
      billing_address: 'B',
      billing_city: 'C',
      billing_state: 'LA',
      billing_postal: '1',
      expmonth: 1,
      expyear: 2030,
      cvvPresent: true,
    };
    expect(manualCardProblem(full)).toBeNull();
    expect(manualCardProblem({ ...full, billing_name: '' })).toBe(M.chooseName);
    expect(manualCardProblem({ ...full, billing_postal: ' ' })).toBe(M.fillAddress);
    expect(manualCardProblem({ ...full, cvvPresent: false })).toBe(M.chooseCvv);
    expect(manualCardProblem({ ...full, expmonth: '' })).toBe(M.chooseExpMonth);
    expect(manualCardProblem({ ...full, expyear: null })).toBe(M.chooseExpYear);
  });
  it('expiry years: this year through ten years ahead', () => {
    expect(expiryYears(new Date('2026-11-23'))).toEqual([
      2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036,
    ]);
  });
  it('messages letter for letter', () => {
    expect(M.amountTooHigh('1234.5')).toBe('Amount should be less than or equal to 1,234.50');
    expect(M.batchCardEnding('1111')).toBe('Your Card ending in 1111 will be billed for');
    expect(M.cardIssue('Do Not Honor')).toBe('There was an issue with the card Do Not Honor');
    expect(M.required(['name', 'billing_city'])).toBe('Required name, billing_city');
  });
});
