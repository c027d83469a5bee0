import { Badge } from '@mantine/core';
import type { OrderItem } from '@mitrebox/api-contract';
import { formatMoney, SAMPLE_PCODE, SAMPLE_SHIPPING_LABELS, sampleShippingOf } from '@mitrebox/domain';
import { AmountText, type LineColumn } from './DocumentParts.tsx';
import doc from './document.module.css';
import { dimensionText } from './document.ts';

/** The fields order lines and invoice lines share. */
type Line = Pick<
  OrderItem,
  | 'Qty'
  | 'Code'
  | 'Description'
  | 'Pcode'
  | 'Footage'
  | 'UnitPrice'
  | 'TotPrice'
  | 'calcJoin'
  | 'H_Int'
  | 'H_Frac'
  | 'W_Int'
  | 'W_Frac'
  | 'SizeCode'
  | 'Instructions'
>;

const TYPE_HINT = 'Type: L length, C chop, J join, E straight cut, B box, S corner sample';

const isSample = (i: Pick<Line, 'Pcode'>) => i.Pcode === SAMPLE_PCODE;

/**
 * The columns of an order's or an invoice's item table (account-area §2), defined once; each document lists
 * them in its own order.
 */
export function lineColumns<T extends Line>() {
  return {
    code: { key: 'code', label: 'Code', cell: (i) => i.Code, className: doc.code },
    description: {
      key: 'description',
      label: 'Description',
      cell: (i) =>
        isSample(i) ? (
          <>
            {i.Description}{' '}
            <Badge size="sm" variant="light" color="walnut">
              Corner sample
            </Badge>
          </>
        ) : (
          i.Description
        ),
      className: doc.description,
    },
    dimension: { key: 'dimension', label: 'Dimension', cell: (i) => dimensionText(i), className: doc.nowrap },
    type: { key: 't', label: <abbr title={TYPE_HINT}>T</abbr>, cardLabel: 'Type', cell: (i) => i.Pcode },
    footage: { key: 'footage', label: 'Footage', cell: (i) => i.Footage ?? '', numeric: true },
    unit: {
      key: 'unit',
      label: 'Unit price',
      cell: (i) => <AmountText value={i.UnitPrice} />,
      numeric: true,
    },
    total: { key: 'total', label: 'Total', cell: (i) => <AmountText value={i.TotPrice} />, numeric: true },
    join: {
      key: 'join',
      label: 'Join fee',
      cell: (i) => (Number(i.calcJoin) ? formatMoney(i.calcJoin) : ''),
      numeric: true,
    },
    size: { key: 'size', label: 'Size code', cell: (i) => i.SizeCode },
    instructions: {
      key: 'instructions',
      label: 'Instructions',
      cell: (i) => (isSample(i) ? SAMPLE_SHIPPING_LABELS[sampleShippingOf(i.Instructions)] : i.Instructions),
      className: doc.instructions,
      wide: true,
    },
  } satisfies Record<string, LineColumn<T>>;
}
