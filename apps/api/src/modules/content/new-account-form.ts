import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * The trade account application: a one-page PDF with fillable form fields (AcroForm), made once per process.
 * A frame shop downloads it from New Account, fills it in and e-mails it to the orders address.
 */
export async function buildNewAccountForm(opts: {
  companyName: string;
  companyAddress: string;
  phone: string;
  ordersEmail: string;
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${opts.companyName} - Trade Account Application`);
  pdf.setProducer('Mitrebox');
  pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const form = pdf.getForm();
  const ink = rgb(0.12, 0.14, 0.18);
  const dim = rgb(0.4, 0.4, 0.4);

  page.drawRectangle({ x: 0, y: 732, width: 612, height: 60, color: rgb(0.16, 0.2, 0.27) });
  page.drawRectangle({ x: 0, y: 728, width: 612, height: 4, color: rgb(0.78, 0.64, 0.33) });
  page.drawText(opts.companyName, { x: 48, y: 758, size: 16, font: bold, color: rgb(1, 1, 1) });
  page.drawText(`${opts.companyAddress}  |  ${opts.phone}`, {
    x: 48,
    y: 742,
    size: 9,
    font: regular,
    color: rgb(0.85, 0.85, 0.85),
  });
  page.drawText('Trade Account Application', { x: 48, y: 696, size: 20, font: bold, color: ink });
  page.drawText(`Fill in this form, save it and e-mail it to ${opts.ordersEmail}.`, {
    x: 48,
    y: 676,
    size: 10,
    font: regular,
    color: dim,
  });

  let y = 640;
  const field = (
    label: string,
    name: string,
    opts2: { width?: number; x?: number; height?: number } = {},
  ) => {
    const x = opts2.x ?? 48;
    const height = opts2.height ?? 20;
    page.drawText(label, { x, y: y + height + 4, size: 8.5, font: bold, color: dim });
    const text = form.createTextField(name);
    if (height > 24) text.enableMultiline();
    text.addToPage(page, {
      x,
      y,
      width: opts2.width ?? 516,
      height,
      borderColor: rgb(0.6, 0.6, 0.6),
      borderWidth: 0.75,
      backgroundColor: rgb(0.98, 0.97, 0.94),
      font: regular,
    });
    text.setFontSize(10);
  };
  const row = (step = 42) => {
    y -= step;
  };

  field('Business name', 'business_name');
  row();
  field('Contact name', 'contact_name', { width: 252 });
  field('Title', 'contact_title', { width: 252, x: 312 });
  row();
  field('Street address', 'address');
  row();
  field('City', 'city', { width: 252 });
  field('State', 'state', { width: 100, x: 312 });
  field('ZIP code', 'zip', { width: 140, x: 424 });
  row();
  field('Phone', 'phone', { width: 252 });
  field('Fax', 'fax', { width: 252, x: 312 });
  row();
  field('E-mail', 'email', { width: 252 });
  field('Website', 'website', { width: 252, x: 312 });
  row();
  field('Resale / tax exemption certificate number', 'resale_number', { width: 252 });
  field('Years in business', 'years_in_business', { width: 252, x: 312 });
  row();
  page.drawText('Preferred warehouse', { x: 48, y: y + 24, size: 8.5, font: bold, color: dim });
  const warehouses = form.createRadioGroup('warehouse');
  ['Greensboro', 'New Orleans', 'Tampa', 'Denver'].forEach((name, i) => {
    const x = 48 + i * 130;
    warehouses.addOptionToPage(name, page, { x, y: y + 2, width: 14, height: 14 });
    page.drawText(name, { x: x + 20, y: y + 5, size: 10, font: regular, color: ink });
  });
  row();
  const shipBox = form.createCheckBox('ship_by_truck');
  shipBox.addToPage(page, { x: 48, y: y + 2, width: 14, height: 14 });
  page.drawText('Deliver by your own truck route where available', {
    x: 68,
    y: y + 5,
    size: 10,
    font: regular,
    color: ink,
  });
  row(40);
  field('Trade references (company, phone)', 'trade_references', { height: 60 });
  y -= 36;
  field('Signature (type your name)', 'signature', { width: 340 });
  field('Date', 'date', { width: 164, x: 400 });

  page.drawText(`${opts.companyName} sells to the picture-framing trade only.`, {
    x: 48,
    y: 40,
    size: 8,
    font: regular,
    color: dim,
  });
  return pdf.save();
}
