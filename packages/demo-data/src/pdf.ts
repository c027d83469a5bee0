/**
 * A minimal, valid one-page PDF (PDF 1.4, standard Helvetica fonts, correct cross-reference table) for the
 * demo documents. Text is written as ASCII; other characters are replaced.
 */
export function makePdf(opts: {
  title: string;
  subtitle?: string;
  lines: string[];
  company?: string;
}): Buffer {
  const ascii = (s: string) =>
    s
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2013\u2014]/g, '-')
      .replace(/[^\x20-\x7e]/g, '?');
  const esc = (s: string) => ascii(s).replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
  const company = opts.company ?? 'Mitrebox Moulding Supply';

  const body: string[] = [
    // header band
    '0.16 0.20 0.27 rg 0 732 612 60 re f',
    '0.78 0.64 0.33 rg 0 728 612 4 re f',
    `BT /F2 16 Tf 1 1 1 rg 54 756 Td (${esc(company)}) Tj ET`,
    `BT /F1 9 Tf 0.85 0.85 0.85 rg 54 742 Td (${esc('4400 Tchoupitoulas St, New Orleans, LA 70115  |  800-640-2467')}) Tj ET`,
    `BT /F2 20 Tf 0.1 0.1 0.1 rg 54 690 Td (${esc(opts.title)}) Tj ET`,
  ];
  let y = 690;
  if (opts.subtitle) {
    y -= 22;
    body.push(`BT /F1 12 Tf 0.35 0.35 0.35 rg 54 ${y} Td (${esc(opts.subtitle)}) Tj ET`);
  }
  y -= 30;
  body.push(`BT /F1 11 Tf 0.15 0.15 0.15 rg 15 TL 54 ${y} Td`);
  for (const [i, line] of opts.lines.entries()) {
    if (i > 0) body.push('T*');
    body.push(`(${esc(line)}) Tj`);
  }
  body.push('ET');
  body.push(`BT /F1 8 Tf 0.5 0.5 0.5 rg 54 40 Td (${esc(`${company} - trade customers only`)}) Tj ET`);
  const stream = body.join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title (${esc(opts.title)}) /Producer (Mitrebox demo data) >>`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
