import { describe, expect, it } from 'vitest';
import { formatPhone, isValidZip, jobInitials, safeFileName, validateContactForm } from './public-pages.ts';

describe('public pages rules (account-area §5, §9)', () => {
  it('checks five-digit ZIP codes', () => {
    expect(isValidZip('70115')).toBe(true);
    for (const bad of ['abcde', '1234', '00000', '123456', "7011'", ' 70115', '']) {
      expect(isValidZip(bad)).toBe(false);
    }
  });

  it('formats the phone as (123) 456-7890 and caps it at 10 digits', () => {
    expect(formatPhone('1')).toBe('(1');
    expect(formatPhone('1234')).toBe('(123) 4');
    expect(formatPhone('1234567')).toBe('(123) 456-7');
    expect(formatPhone('123-456-7890')).toBe('(123) 456-7890');
    expect(formatPhone('12345678901234')).toBe('(123) 456-7890');
    expect(formatPhone('abc')).toBe('');
  });

  it('validates the contact form', () => {
    expect(validateContactForm({ name: '', email: 'x', message: '' })).toEqual({
      name: 'Please enter your name',
      email: 'Email format incorrect',
      message: 'Please enter a message',
    });
    expect(
      validateContactForm({
        name: 'Ann',
        email: 'ann@shop.example',
        message: 'Hi',
        phoneNumber: '(504) 555-01',
      }),
    ).toEqual({ phoneNumber: 'Please enter a 10-digit phone number' });
    expect(
      validateContactForm({ name: 'Ann', email: 'ann@shop.example', message: 'x'.repeat(5001) }).message,
    ).toBe('Please keep the message under 5000 characters');
  });

  it('makes initials and safe file names', () => {
    expect(jobInitials('Chop Saw Operator')).toBe('CS');
    expect(jobInitials('warehouse')).toBe('W');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('..\\..\\boot.ini')).toBe('boot.ini');
    expect(safeFileName('price "list".pdf\r\n')).toBe('price _list_.pdf__');
    expect(safeFileName('...')).toBe('document.pdf');
  });
});
