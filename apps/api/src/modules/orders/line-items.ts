import type { LocationRow } from '@mitrebox/api-contract';
import type { z } from 'zod';

/** The columns order lines and invoice lines share. */
interface LineRow {
  seqnum: number;
  qty: string;
  code: string;
  description: string | null;
  description1: string | null;
  pcode: string | null;
  footage: string | null;
  unitPrice: string;
  totPrice: string;
  calcJoin: string;
  hInt: number | null;
  hFrac: number | null;
  wInt: number | null;
  wFrac: number | null;
  sizeCode: string | null;
  instructions: string | null;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** A stored order or invoice line in the wire names of account-area §3. */
export function lineItemOf(it: LineRow) {
  return {
    Seqnum: it.seqnum,
    Qty: Number(it.qty),
    Code: it.code,
    Description: it.description,
    Description1: it.description1,
    Pcode: it.pcode,
    Footage: num(it.footage),
    UnitPrice: it.unitPrice,
    TotPrice: it.totPrice,
    calcJoin: it.calcJoin,
    H_Int: it.hInt,
    H_Frac: it.hFrac,
    W_Int: it.wInt,
    W_Frac: it.wFrac,
    SizeCode: it.sizeCode,
    Instructions: it.instructions,
  };
}

/** The warehouse block of an order or invoice (the From address), or null when unknown. */
export function warehouseOf(locations: z.infer<typeof LocationRow>[], code: string) {
  const l = locations.find((x) => x.Loc === code);
  return l
    ? { Loc: l.Loc, Name: l.Name, Addr1: l.Addr1, Addr2: l.Addr2, City: l.City, State: l.State, Zip: l.Zip }
    : null;
}
