import type { careers, documents, settings } from '../schema.ts';
import { COLLECTION_BY_ID } from './collections.ts';

export type SettingRow = typeof settings.$inferInsert;
export type CareerRow = typeof careers.$inferInsert;
export type DocumentRow = typeof documents.$inferInsert;

/** Home page collections: the first six are Popular, the rest What's New (storefront §9). */
export const POPULAR_COLLECTION_IDS = [133, 159, 132, 87, 181, 176, 193, 168, 199, 127, 162, 141];

const collectionRef = (id: number) => {
  const col = COLLECTION_BY_ID.get(id)!;
  return { id: col.id, name: col.name, value: col.value };
};

const WHO_WE_ARE = `<h2>Framers supplying framers since 1987</h2>
<p>Mitrebox Moulding Supply began in a converted cotton warehouse on Tchoupitoulas Street, cutting chops for a handful of French Quarter galleries. Today we stock more than three thousand mouldings, mats, glazing and hardware lines in four warehouses &mdash; New Orleans, Greensboro, Tampa and Denver &mdash; and ship to independent frame shops in every state.</p>
<p>We sell to the trade only. Every order is cut, joined and packed by people who have spent years at a mitre saw, and every warehouse runs its own chop line, so your frames leave the building the day you order them whenever the stock is on the shelf.</p>
<h3>What we believe</h3>
<ul>
  <li><strong>Stock you can count on.</strong> Live on-hand figures per warehouse, and a back-order choice on every line.</li>
  <li><strong>Cuts you don't have to re-cut.</strong> Chops are cut to 1/16&quot; with a 6&quot; minimum and checked against the rabbet before they ship.</li>
  <li><strong>Fair prices for working shops.</strong> Our Value Line keeps everyday profiles affordable, and box pricing takes 30% off when you buy by the carton.</li>
</ul>
<p>Questions about an order, a profile or a finish? Call customer service at 800-640-2467, Monday to Friday, 7:30 am to 5:00 pm Central.</p>`;

const POLICY = `<h2>Privacy Policy</h2>
<p>This policy explains what Mitrebox Moulding Supply collects when you use our trade web shop and how we use it. It applies to mitrebox.example and to orders placed by phone, e-mail or in person.</p>
<h3>What we collect</h3>
<p>We keep the business details of your account (company, addresses, telephone, e-mail and the names of the people who sign in), the orders, invoices and payments of the account, and the frame designs you save. Our web servers log the address and browser of each request for security and troubleshooting; the logs are deleted after 30 days.</p>
<h3>Card payments</h3>
<p>Card numbers are entered in a secure field hosted by our payment processor. They never pass through or are stored on our servers; we keep only the card type, the last four digits, the expiry date and a token the processor gives us to charge the saved card.</p>
<h3>How we use it</h3>
<p>We use your information to price and ship your orders, to invoice and collect payment, to tell you about back-orders, price changes and discontinued items, and to answer your questions. We do not sell or rent customer information. Carriers receive the delivery address of each shipment; our payment processor receives the details it needs to charge your card.</p>
<h3>Your choices</h3>
<p>You can update your e-mail address and saved cards under My Account at any time. To close an account or to ask what we hold about you, write to customerservice@mitrebox.example.</p>`;

const TERMS = `<h2>Terms and Conditions of Sale</h2>
<p>These terms apply to every sale by Mitrebox Moulding Supply to a trade account. Placing an order accepts them.</p>
<h3>Accounts and credit</h3>
<p>We sell to picture-framing businesses with an approved account. Open accounts are invoiced Net 30 from the invoice date. Balances more than 60 days past due may place the account on credit hold, during which orders cannot be placed until the balance is paid. Card payments are charged when the order is invoiced.</p>
<h3>Prices</h3>
<p>Prices are in US dollars, are those shown in the web shop when the order is placed, and include your account's discounts. Chop and join orders are priced on a minimum of 4 feet per frame. Box pricing applies only to full cartons. Items marked BYPASS are net priced and take no further discount.</p>
<h3>Cutting</h3>
<p>Chops are cut to the inside (rabbet) dimensions you give us, to the nearest 1/16&quot;; the smallest size we cut is 6&quot;. Please check dimensions before submitting: cut mouldings cannot be returned unless they are defective.</p>
<h3>Shipping and damage</h3>
<p>Orders leave the selected warehouse by our own truck or by carrier. Length orders shipped by FedEx from a warehouse other than your own carry additional shipping charges. Inspect every carton on delivery and report damage within 5 business days; we will replace or credit damaged goods.</p>
<h3>Returns</h3>
<p>Uncut stock items may be returned within 30 days with a return authorisation, subject to a 15% restocking fee. Credits appear on your account under Credits and are applied to future invoices.</p>`;

const FAQ = `<h2>Frequently asked questions</h2>
<details open><summary>How do I open a trade account?</summary>
<p>Download the application on the <a href="/newAccount">New Account</a> page, fill it in and e-mail it to our orders desk. We usually approve complete applications within two business days and send your account number and first sign-in by e-mail.</p></details>
<details><summary>Can I see prices before I have an account?</summary>
<p>The catalogue, stock and collections are open to everyone; prices are shown after you sign in, because they include your account's discounts.</p></details>
<details><summary>What is the smallest chop you cut?</summary>
<p>We cut chops and joins to the nearest 1/16&quot; from 6&quot; up. Chop and join orders are priced on at least 4 feet of moulding per frame.</p></details>
<details><summary>When does my order ship?</summary>
<p>Chop orders received by 2:00 pm local time ship the same day from the warehouse you choose whenever the stock is on the shelf. Our own trucks run weekly routes around each warehouse; everything else ships by FedEx Ground.</p></details>
<details><summary>Why did my cart empty overnight?</summary>
<p>Carts are cleared at midnight (New York time) so that prices and stock are always current. Submit your order before the end of the day.</p></details>
<details><summary>How do I pay an invoice?</summary>
<p>Sign in, open Orders Invoiced under My Account and pay one invoice or tick several and choose Make Payment. Card numbers are entered in our payment processor's secure field and never reach our servers.</p></details>
<details><summary>Where can my customers buy framing made with your mouldings?</summary>
<p>Send them to <a href="/whereToBuy">Where To Buy</a>: they enter a ZIP code and see the frame shops near them on a map.</p></details>`;

const STORE_LOCATIONS = `<h2>Our warehouses</h2>
<p>Every warehouse stocks the full moulding line, runs its own chop and join saws and has a will-call counter. Counter hours are Monday to Friday, 7:30 am to 4:30 pm local time.</p>
<h3>New Orleans, Louisiana</h3>
<p>4400 Tchoupitoulas St<br>New Orleans, LA 70115<br>Phone <a href="tel:+15045550180">504-555-0180</a></p>
<h3>Greensboro, North Carolina</h3>
<p>7021 Albert Pick Rd, Suite 100<br>Greensboro, NC 27409<br>Phone <a href="tel:+13365550120">336-555-0120</a></p>
<h3>Tampa, Florida</h3>
<p>5010 W Knox St<br>Tampa, FL 33634<br>Phone <a href="tel:+18135550135">813-555-0135</a></p>
<h3>Denver, Colorado</h3>
<p>4800 Dahlia St, Dock 4<br>Denver, CO 80216<br>Phone <a href="tel:+13035550147">303-555-0147</a></p>
<p>Looking for a frame shop rather than a supplier? Find one near you on <a href="/whereToBuy">Where To Buy</a>.</p>`;

export function buildSettings(): SettingRow[] {
  const json = (v: unknown) => JSON.stringify(v);
  return [
    {
      name: 'popular_collections',
      data: json(POPULAR_COLLECTION_IDS.map(collectionRef)),
    },
    {
      name: 'value_lines',
      data: json([
        {
          ...collectionRef(87),
          title: 'Value Line',
          text: 'Everyday profiles at everyday prices: black, white, wood and metallic basics, stocked deep in every warehouse and shipped the same day.',
        },
      ]),
    },
    { name: 'who_we_are', data: json(WHO_WE_ARE) },
    { name: 'Policy', data: json(POLICY) },
    { name: 'Terms', data: json(TERMS) },
    { name: 'faq', data: json(FAQ) },
    { name: 'store_locations', data: json(STORE_LOCATIONS) },
    {
      name: 'social_links',
      data: json([
        { name: 'Facebook', url: 'https://www.facebook.com/mitrebox.example' },
        { name: 'Instagram', url: 'https://www.instagram.com/mitrebox.example' },
        { name: 'Pinterest', url: 'https://www.pinterest.com/mitrebox.example' },
        { name: 'YouTube', url: 'https://www.youtube.com/@mitrebox.example' },
      ]),
    },
  ];
}

export function buildCareers(now: Date): CareerRow[] {
  const day = 86_400_000;
  return [
    {
      id: 1,
      jobHeading: 'Chop Saw Operator',
      jobSubject: 'New Orleans warehouse - full time, day shift',
      jobDescription:
        'Cut and pack chop orders for frame shops across the Gulf South on our double-mitre saws.\n\nYou will read cut tickets, cut mouldings to 1/16", check each chop against the rabbet and pack it so it arrives perfect. Experience in a frame shop or woodworking is a plus; we train on our equipment.\n\nPay: $19-$23/hour plus overtime. Benefits: health, dental, 401(k) with match, paid holidays.',
      createdAt: new Date(now.getTime() - 12 * day),
    },
    {
      id: 2,
      jobHeading: 'Customer Service Representative',
      jobSubject: 'Greensboro office - full time',
      jobDescription:
        'Help framers place orders, track shipments and pick the right moulding for the job.\n\nYou will take orders by phone and e-mail, answer stock and pricing questions, resolve back-orders and damage claims and keep accounts up to date. Picture-framing experience is strongly preferred.\n\nMonday to Friday, 7:30 am - 4:30 pm. Salary plus quarterly bonus.',
      createdAt: new Date(now.getTime() - 20 * day),
    },
    {
      id: 3,
      jobHeading: 'Outside Sales Representative',
      jobSubject: 'Florida territory - based in Tampa',
      jobDescription:
        'Visit frame shops and galleries from Tallahassee to Key West with our sample cases and new collections.\n\nYou will grow existing accounts, open new ones, run in-store events and bring customer feedback back to purchasing. Requires a valid driver licence and overnight travel about two nights a week.\n\nBase salary plus commission, company vehicle, phone and laptop.',
      createdAt: new Date(now.getTime() - 33 * day),
    },
    {
      id: 4,
      jobHeading: 'Warehouse Associate',
      jobSubject: 'Denver warehouse - full time',
      jobDescription:
        'Receive, put away and pick mouldings, mat board, glass and hardware.\n\nYou will unload containers, count stock, pull orders for the chop line and load our trucks. Must be able to lift 50 lb and handle 12-foot lengths safely; forklift certification is a plus.\n\nPay: $18-$21/hour. Benefits from day one.',
      createdAt: new Date(now.getTime() - 45 * day),
    },
  ];
}

export async function buildDocuments(now: Date): Promise<DocumentRow[]> {
  const year = now.getUTCFullYear();
  const day = 86_400_000;
  // pdf-lib loads when the demo data is made (a first start), not with every start (apps/api/build.mjs)
  const { makePdf } = await import('./pdf.ts');
  const doc = (
    id: number,
    category: number,
    name: string,
    fileName: string,
    subtitle: string,
    lines: string[],
    ageDays: number,
  ): Promise<DocumentRow> =>
    makePdf({ title: name, subtitle, lines }).then((content) => ({
      id,
      name,
      category,
      active: 1,
      fileName,
      contentType: 'application/pdf',
      content,
      createdAt: new Date(now.getTime() - ageDays * day),
    }));
  return Promise.all([
    doc(
      1,
      2,
      `${year} Price List Update`,
      `price-update-${year}.pdf`,
      'Effective on the first of next month',
      [
        'Dear customer,',
        '',
        'Mill and freight costs on Italian basswood have risen again this year.',
        'List prices of the Ferrara, Siena, Bellagio and Museum Gold collections',
        'rise by 4% on average. Value Line, Metro and all mat board prices are unchanged.',
        '',
        'Your account discounts still apply to the new list prices, and orders placed',
        'before the effective date are invoiced at the current prices.',
        '',
        'Questions? Call customer service at 800-640-2467.',
      ],
      18,
    ),
    doc(
      2,
      2,
      'Holiday Shipping Schedule',
      'holiday-shipping.pdf',
      'Truck routes and carrier cut-offs',
      [
        'All four warehouses close on Thanksgiving Day and the day after,',
        'on December 24-25 and on January 1.',
        '',
        'Chop orders received by 2:00 pm local time ship the same day.',
        'Our own truck routes run one day late in holiday weeks.',
        'FedEx Ground cut-off for delivery before the holiday: December 16.',
      ],
      40,
    ),
    doc(
      3,
      3,
      'Discontinued Mouldings - Spring',
      'discontinued-mouldings-spring.pdf',
      'Sold while stock lasts; no back-orders',
      [
        'The following profiles leave the catalogue when current stock runs out:',
        '',
        '  TUS-108-0093   Tuscany 1-1/2" Chestnut',
        '  SAL-118-0061   Salzburg 2" Mahogany',
        '  1830077        Heritage 1-3/4" Cherry',
        '  MET-162-0012   Metro 3/4" Brushed Gold',
        '',
        'Suggested replacements are listed beside each item in the web shop.',
      ],
      75,
    ),
    doc(
      4,
      3,
      'Discontinued Mat Colors',
      'discontinued-mat-colors.pdf',
      'Standard and suede lines',
      [
        'These mat colours are discontinued by the mill:',
        '',
        '  B8437   Dusty Rose (standard)',
        '  B8512   Harvest Gold (standard)',
        '  S5466   Plum Suede',
        '',
        'Closest current matches: Blush, Mustard and Burgundy.',
      ],
      120,
    ),
    doc(
      5,
      1,
      'Ferrara Collection Launch',
      'ferrara-launch-promo.pdf',
      '10% off Ferrara chops and joins this month',
      [
        'Ferrara: hand-finished Italian ornament in gold and silver leaf.',
        '',
        'Take an extra 10% off every Ferrara chop and join order this month,',
        'on top of your account discount. Corner samples are free with any order:',
        'ask customer service or add a note to your next order.',
      ],
      9,
    ),
    doc(
      6,
      1,
      'Value Line Box Deal',
      'value-line-box-deal.pdf',
      'Buy by the box and save 30%',
      [
        'Every Value Line profile with a box quantity is 30% off the length price',
        'when you order full boxes of 60, 90 or 120 feet.',
        '',
        'Boxes ship from all four warehouses. Mix profiles freely across boxes.',
      ],
      30,
    ),
    // withdrawn last season: no longer listed or downloadable
    doc(
      7,
      1,
      'Spring Mat Sale (ended)',
      'spring-mat-sale.pdf',
      'This promotion has ended',
      ['The spring mat sale ended on May 31.'],
      200,
    ).then((row) => ({ ...row, active: 0 })),
  ]);
}
