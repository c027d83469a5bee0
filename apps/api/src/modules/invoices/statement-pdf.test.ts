import type { Statement } from '@mitrebox/api-contract';
import { addDays, agedStatement } from '@mitrebox/domain';
import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from './statement-pdf.testkit.ts';
import { pdfSafe, statementPdf } from './statement-pdf.ts';
import { dollars } from './statement-text.ts';

/** A statement of `n` invoices, one due every 3 days back from the statement day, and two credits. */
function longStatement(n: number): Statement {
  const invoices = Array.from({ length: n }, (_, i) => ({
    invnum: 700_000 + i,
    invDate: addDays('2026-03-01', -3 * i - 30),
    dueDate: addDays('2026-03-01', -3 * i),
    terms: 'Net 30',
    invamt: '125.40',
    payamt: i % 7 === 0 ? '25.40' : '0.00',
    balance: i % 7 === 0 ? '100.00' : '125.40',
    paystatus: i % 7 === 0 ? 3 : 0,
  }));
  const credits = [
    { invnum: 500_001, tranDate: '2026-02-10', invamt: '-40.00', payamt: '0.00', balance: '-40.00' },
    { invnum: 910_002, tranDate: '2026-02-12', invamt: '-12.50', payamt: '0.00', balance: '-12.50' },
  ];
  return {
    account: {
      acctnum: '10001',
      company: 'Crescent City Frame Works',
      contact: 'Marie Ducré',
      address: ['812 Magazine St', 'New Orleans, LA 70130'],
      terms: 'Net 30',
    },
    supplier: {
      company: 'Mitrebox Moulding Supply',
      address: '4400 Tchoupitoulas St',
      phone: '800-640-2467',
    },
    ...agedStatement(invoices, credits, { statementDate: '2026-03-01', timeZone: 'America/New_York' }),
  };
}

describe('the statement PDF', () => {
  it('breaks a long statement over numbered pages, every invoice on one, the heading repeated', async () => {
    const s = longStatement(120);
    const pages = await pdfPageTexts(await statementPdf(s));
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(text).toContain('Mitrebox Moulding Supply');
    });
    expect(pages[1]).toContain('Crescent City Frame Works (account 10001), continued');
    expect(pages[1]).toContain('Open invoices (continued)');
    const lines = pages.join('\n').split('\n');
    for (const r of s.invoices) expect(lines.filter((l) => l === String(r.invnum))).toHaveLength(1);
    expect(lines).toContain('Attn: Marie Ducré');
    expect(lines).toContain(dollars(s.totalDue));
    expect(lines).toContain('($40.00)');
  });

  it('writes what the standard fonts cannot show as "?" instead of failing', async () => {
    expect(pdfSafe('Gallery 東京 – Frames\u0007')).toBe('Gallery ?? – Frames?');
    const s = longStatement(1);
    s.account.company = 'Galerie 東京';
    const pages = await pdfPageTexts(await statementPdf(s));
    expect(pages[0]).toContain('Galerie ??');
  });
});
