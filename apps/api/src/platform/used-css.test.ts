import { describe, expect, it } from 'vitest';
import { classesOf, parseCss, usedCss } from './used-css.ts';

const used = (css: string, html: string) => usedCss(parseCss(css), classesOf(html));

describe('the rules a rendered page uses (ADR 013)', () => {
  it('keeps a rule whose classes are all in the page, drops one with a class the page does not have', () => {
    const html = '<div class="card big"><span class="m_1 title">x</span></div>';
    expect(used('.card{a:1}.modal{b:2}.card .title{c:3}.card .footer{d:4}', html)).toBe(
      '.card{a:1}.card .title{c:3}',
    );
    // one selector of a list is enough
    expect(used('.modal,.card:hover{a:1}', html)).toBe('.modal,.card:hover{a:1}');
  });

  it('keeps what it cannot judge by class: no class, :not(.x), attribute values, escapes, unknown at-rules', () => {
    const html = '<main class="card"></main>';
    const css =
      ':root{--x:1}body{margin:0}[data-size=sm]{a:1}.card:not(.active){b:2}.card[data-a=".z"]{c:3}' +
      '.a\\:b{d:4}@font-face{font-family:X}@keyframes spin{0%{e:5}}.card{&.nested{f:6}}';
    expect(used(css, html)).toBe(css);
  });

  it('filters inside @media and @layer, and leaves out a group with nothing left', () => {
    const html = '<p class="card"></p>';
    expect(
      used(
        '@layer mantine{.card{a:1}.gone{b:2}@media (width>40em){.gone{c:3}}}@media print{.gone{d:4}}',
        html,
      ),
    ).toBe('@layer mantine{.card{a:1}}');
    expect(used('@layer base, mantine;.card{a:1}', html)).toBe('@layer base, mantine;.card{a:1}');
  });

  it('gives the whole stylesheet back, byte for byte, when asked for every rule', () => {
    const css = '@layer m{:root{--a:"}"}.x{a:1}}\n.y , .z{b:2} /* a } comment */ .w{c:3}';
    expect(usedCss(parseCss(css), null)).toBe(css);
  });
});
