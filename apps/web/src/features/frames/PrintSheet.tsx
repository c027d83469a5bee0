import {
  designSizes,
  FILLET_POSITIONS,
  type FrameDesign,
  formatMoney,
  formatSixteenths,
  frameLayers,
  MAT_OPENINGS,
} from '@mitrebox/domain';
import classes from './FrameBuilder.module.css';
import { FramePreview } from './FramePreview.tsx';
import type { Quote } from './frames-api.ts';
import { type DesignPartsByField, lineName, matName, partSizes } from './parts.ts';
import { inchesLabel } from './size-labels.ts';

interface PrintSheetProps {
  design: FrameDesign;
  parts: DesignPartsByField;
  image: { width: number; height: number } | null;
  name: string;
  quote: Quote | undefined;
}

const f = (s: number) => `${formatSixteenths(s)}"`;
const size = (s: { width: number; height: number }) => `${f(s.width)} x ${f(s.height)}`;

/**
 * The printable design sheet: shown only when printing (print stylesheet). Every layer from the outside in, with
 * its item # and its size in inches and sixteenths; the price per line and the total when signed in.
 */
export function PrintSheet({ design, parts, image, name, quote }: PrintSheetProps) {
  const m = parts.moulding;
  const sizes = partSizes(design, parts);
  const s = designSizes(design, sizes);
  const layers = frameLayers(design, sizes);
  const named = (p: DesignPartsByField[string], code: string) => (p ? `${p.Code} — ${p.display_name}` : code);
  const rows: [string, string][] = [
    ['Design', name || 'Not saved'],
    ['Picture', `${size(s.picture)}${s.pictures.length > 1 ? ' (each of two)' : ''}`],
    ['Outside size', `${inchesLabel(layers.width)} x ${inchesLabel(layers.height)}`],
    ['Moulding', m && s.moulding ? `${named(m, m.Code)}, joined at ${size(s.moulding.inside)}` : 'None'],
    ['Collection', m?.collection_name ?? ''],
    ['Finish', m?.finish_name ?? ''],
    ['Width', m?.width_display ? `${m.width_display}"` : ''],
    ['Rabbet', m?.rabbet_display ? `${m.rabbet_display}"` : ''],
    ['Style', m?.style_name ?? ''],
  ];
  if (s.inner)
    rows.push([
      'Inner moulding',
      `${named(parts.innerMoulding, s.inner.code)}, ${f(s.inner.width)} wide, joined at ${size(s.inner.inside)}`,
    ]);
  if (s.fillet)
    rows.push([
      'Fillet',
      `${named(parts.fillet, s.fillet.code)}, ${f(s.fillet.width)} wide, ${
        FILLET_POSITIONS.find((p) => p.value === s.fillet?.position)?.label.toLowerCase() ?? ''
      }, lining ${s.fillet.rings.length > 1 ? 'two of ' : ''}${size(s.fillet.opening)}`,
    ]);
  s.mats.forEach((mat, k) => {
    const part = k === 0 ? parts.mat : parts[`lowerMats.${k - 1}`];
    rows.push([
      s.mats.length > 1 ? matName(k, s.mats.length) : 'Mat',
      `${named(part, mat.code)}, board ${size(mat.outer)}, ${mat.windows.length > 1 ? 'openings 2 of' : 'opening'} ${size(mat.window)}${mat.reveal ? `, ${f(mat.reveal)} reveal` : ''}`,
    ]);
  });
  if (s.mats.length)
    rows.push(
      [
        'Borders',
        `top/bottom ${f(s.borderTB)}, left/right ${f(s.borderLR)}${s.gap ? `, ${f(s.gap)} between` : ''}`,
      ],
      [
        'Opening',
        `${size(s.opening)} (${MAT_OPENINGS.find((o) => o.value === design.matOverlap)?.label ?? ''})`,
      ],
    );
  else rows.push(['Mat', 'None']);
  rows.push(
    ['Glazing', parts.glass ? `${named(parts.glass, parts.glass.Code)}, cut to ${size(s.inside)}` : 'None'],
    ['Notes', design.notes],
  );
  const mats = quote?.data.filter((l) => l.part === 'mat').length ?? 0;
  return (
    <section className={classes.printSheet} aria-hidden="true" data-testid="print-sheet">
      <h2>Frame design</h2>
      <div className={classes.printBody}>
        <div className={classes.printPicture}>
          <FramePreview design={design} parts={parts} image={image} label="Frame design" idPrefix="pr" />
        </div>
        <table>
          <tbody>
            {rows.map(([k, v]) => (
              <tr key={k}>
                <th>{k}</th>
                <td>{v}</td>
              </tr>
            ))}
            {quote ? (
              <>
                {quote.data.map((l) => (
                  <tr key={`${l.part}-${l.layer ?? ''}`}>
                    <th>
                      {lineName(l, mats)} {l.Code}
                    </th>
                    <td>
                      {l.label}: {l.item ? `$${formatMoney(l.item.calc.totalPrice)}` : (l.message ?? '')}
                    </td>
                  </tr>
                ))}
                <tr>
                  <th>{quote.complete ? 'Total' : 'Total of the priced parts'}</th>
                  <td>${formatMoney(quote.total)}</td>
                </tr>
              </>
            ) : null}
          </tbody>
        </table>
      </div>
    </section>
  );
}
