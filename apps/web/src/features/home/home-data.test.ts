import type { Collection } from '@mitrebox/api-contract';
import { describe, expect, it } from 'vitest';
import {
  collectionRefs,
  htmlText,
  missionBlurb,
  popularAndNew,
  resolveCollection,
  settingValue,
  socialLinks,
  trimText,
  valueLines,
} from './home-data.ts';

describe('home settings', () => {
  const entries = [
    {
      name: 'popular_collections',
      data: '[133, "159", {"id":132,"name":"Modena","value":"modena"}, 133, "x"]',
    },
    { name: 'broken', data: '{nope' },
  ];

  it('reads a setting by name, tolerating bad JSON', () => {
    expect(settingValue(entries, 'POPULAR_COLLECTIONS')).toBeInstanceOf(Array);
    expect(settingValue(entries, 'broken')).toBe('{nope');
    expect(settingValue(entries, 'missing')).toBeUndefined();
    expect(settingValue(undefined, 'x')).toBeUndefined();
  });

  it('takes collection ids or objects, once each', () => {
    expect(collectionRefs(settingValue(entries, 'popular_collections'))).toEqual([
      { id: 133 },
      { id: 159 },
      { id: 132, name: 'Modena', value: 'modena' },
    ]);
    expect(collectionRefs('nope')).toEqual([]);
  });

  it('splits popular (first 6) from what is new', () => {
    const refs = Array.from({ length: 9 }, (_, i) => ({ id: i + 1 }));
    const { popular, whatsNew } = popularAndNew(refs);
    expect(popular.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(whatsNew.map((r) => r.id)).toEqual([7, 8, 9]);
  });

  it('fills a collection from the collection list', () => {
    const all: Collection[] = [
      {
        id: 133,
        name: 'Ferrara',
        value: 'ferrara',
        image: '/cdn/collections/ferrara.jpg',
        product_count: 12,
      },
    ];
    expect(resolveCollection({ id: 133 }, all)).toEqual({
      id: 133,
      name: 'Ferrara',
      image: '/cdn/collections/ferrara.jpg',
      productCount: 12,
    });
    expect(resolveCollection({ id: 9, name: 'Nine', value: 'nine' }, all)).toEqual({
      id: 9,
      name: 'Nine',
      image: '/cdn/collections/nine.jpg',
      productCount: null,
    });
  });

  it('reads value lines and social links', () => {
    expect(valueLines([{ id: 87, name: 'Value Line', title: 'Value Line', text: 'Everyday.' }])).toEqual([
      { id: 87, name: 'Value Line', title: 'Value Line', text: 'Everyday.', value: undefined },
    ]);
    expect(valueLines({ text: 'One' })[0].id).toBe(87);
    expect(
      socialLinks([
        { name: 'Facebook', url: 'https://facebook.com/x' },
        { name: 'Bad', url: 'javascript:alert(1)' },
      ]),
    ).toEqual([{ name: 'Facebook', url: 'https://facebook.com/x' }]);
  });
});

describe('mission blurb', () => {
  const html =
    '<h2>Framers supplying framers since 1987</h2>\n<p>Mitrebox began in a <strong>converted</strong> warehouse &mdash; New Orleans &amp; more.</p><p>Second.</p>';

  it('takes the first heading and paragraph as text', () => {
    expect(missionBlurb(html)).toEqual({
      heading: 'Framers supplying framers since 1987',
      text: 'Mitrebox began in a converted warehouse — New Orleans & more.',
    });
    expect(missionBlurb('')).toBeNull();
    expect(missionBlurb(42)).toBeNull();
  });

  it('trims at a word', () => {
    expect(trimText('one two three four', 12)).toBe('one two…');
    expect(trimText('short', 12)).toBe('short');
    expect(missionBlurb(html, 30)?.text.length).toBeLessThanOrEqual(30);
  });

  it('decodes entities and drops tags', () => {
    expect(htmlText('<b>a</b>&nbsp;&#8217;&#x2014;&unknown;')).toBe('a ’—&unknown;');
  });
});
