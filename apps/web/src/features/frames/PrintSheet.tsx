import type { DesignPart } from '@mitrebox/api-contract';
import {
  type FrameDesign,
  formatMoney,
  formatSixteenths,
  frameLayers,
  MAT_OPENINGS,
  matTotals,
} from '@mitrebox/domain';
import classes from './FrameBuilder.module.css';
import { FramePreview } from './FramePreview.tsx';
import type { Quote } from './frames-api.ts';
import type { PartKind } from './PartPicker.tsx';
import { inchesLabel } from './StepDesign.tsx';

interface PrintSheetProps {
  design: FrameDesign;
  parts: Partial<Record<PartKind, DesignPart>>;
  image: { width: number; height: number } | null;
  name: string;
  quote: Quote | undefined;
}

/** The printable design sheet: shown only when printing (print stylesheet). */
export function PrintSheet({ design, parts, image, name, quote }: PrintSheetProps) {
  const m = parts.moulding;
  const mat = parts.mat;
  const t = matTotals(design);
  const layers = frameLayers(design, { mouldingWidth: m?.Width ?? null });
  const f = (s: number) => `${formatSixteenths(s)}"`;
  const rows: [string, string][] = [
    ['Design', name || 'Not saved'],
    ['Picture', `${f(t.artWidth)} x ${f(t.artHeight)}`],
    ['Outside size', `${inchesLabel(layers.width)} x ${inchesLabel(layers.height)}`],
    ['Moulding', m ? `${m.Code} — ${m.display_name}` : 'None'],
    ['Collection', m?.collection_name ?? ''],
    ['Finish', m?.finish_name ?? ''],
    ['Width', m?.width_display ? `${m.width_display}"` : ''],
    ['Rabbet', m?.rabbet_display ? `${m.rabbet_display}"` : ''],
    ['Style', m?.style_name ?? ''],
    ['Mat', mat ? `${mat.Code} — ${mat.display_name}` : 'None'],
    [
      'Borders',
      mat
        ? `top/bottom ${formatSixteenths(design.matTB * 16 + design.matTBFrac)}", left/right ${formatSixteenths(design.matLR * 16 + design.matLRFrac)}"`
        : '',
    ],
    [
      'Opening',
      mat
        ? `${f(t.openingWidth)} x ${f(t.openingHeight)} (${MAT_OPENINGS.find((o) => o.value === design.matOverlap)?.label ?? ''})`
        : '',
    ],
    ['Glazing', parts.glass ? `${parts.glass.Code} — ${parts.glass.display_name}` : 'None'],
    ['Notes', design.notes],
  ];
  return (
    <section className={classes.printSheet} aria-hidden="true" data-testid="print-sheet">
      <h2>Frame design</h2>
      <div className={classes.printBody}>
        <div className={classes.printPicture}>
          <FramePreview
            design={design}
            moulding={m ?? null}
            mat={mat ?? null}
            image={image}
            label="Frame design"
            idPrefix="pr"
          />
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
                  <tr key={l.part}>
                    <th>Price {l.Code}</th>
                    <td>{l.item ? `$${formatMoney(l.item.calc.totalPrice)}` : (l.message ?? '')}</td>
                  </tr>
                ))}
                <tr>
                  <th>Total</th>
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
