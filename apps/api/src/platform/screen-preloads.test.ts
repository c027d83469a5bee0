import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LINK_HEADER_MAX, linkHeader, patternToRegExp, screenPreloads } from './screen-preloads.ts';

describe('screen preloads', () => {
  it('matches a route pattern as React Router does: case-insensitive, params, optional params, the rest', () => {
    const cart = patternToRegExp('/Cart');
    expect(cart.test('/Cart')).toBe(true);
    expect(cart.test('/cart/')).toBe(true);
    expect(cart.test('/Cart/x')).toBe(false);
    const product = patternToRegExp('/productDetail/:Code');
    expect(product.test('/productDetail/FER-133-0412')).toBe(true);
    expect(product.test('/productDetail')).toBe(false);
    const orders = patternToRegExp('/Admin/userListOrders/:searchx?');
    expect(orders.test('/Admin/userListOrders')).toBe(true);
    expect(orders.test('/admin/userlistorders/123')).toBe(true);
    expect(orders.test('/Admin/userListOrders/1/2')).toBe(false);
    expect(patternToRegExp('/a.b').test('/axb')).toBe(false);
    expect(patternToRegExp('/files/*').test('/files/a/b')).toBe(true);
  });

  it("names a route's scripts and styles in a Link header, only files under /assets", () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'screens-'));
    writeFileSync(
      path.join(dist, 'screens.json'),
      JSON.stringify([
        {
          pattern: '/Cart',
          scripts: ['/assets/CartPage-a1.js', '/assets/Modal-b2.js'],
          styles: ['/assets/Cart-c3.css'],
        },
        {
          pattern: '/Shop/:code',
          scripts: ['/assets/ShopPage-d4.js', 'https://elsewhere.example/x.js'],
          styles: [],
        },
      ]),
    );
    const linkOf = (p: string) => linkHeader(screenPreloads(dist)(p));
    expect(linkOf('/Cart')).toBe(
      '</assets/CartPage-a1.js>; rel=modulepreload, </assets/Modal-b2.js>; rel=modulepreload, </assets/Cart-c3.css>; rel=preload; as=style',
    );
    expect(linkOf('/Shop/FER-1')).toBe('</assets/ShopPage-d4.js>; rel=modulepreload');
    expect(linkOf('/nowhere')).toBeUndefined();
    expect(screenPreloads(path.join(dist, 'missing'))('/Cart')).toEqual([]);
  });

  it('keeps the header within what a proxy reads by default: the first entries of a screen of many chunks', () => {
    const many = Array.from({ length: 90 }, (_, i) => `</assets/Chunk${i}-AbCdEf12.js>; rel=modulepreload`);
    const header = linkHeader(many) ?? '';
    expect(header.length).toBeLessThanOrEqual(LINK_HEADER_MAX);
    expect(header.split(', ').length).toBeGreaterThan(30);
    expect(header.split(', ')).toEqual(many.slice(0, header.split(', ').length));
    expect(linkHeader([undefined, ''])).toBeUndefined();
  });
});
