import { z } from 'zod';

/** GET /api/WhereToBuy (zip, miles). ZIP and radius are checked by the service, which answers clear messages. */
export const WhereToBuyQuery = z.object({
  zip: z.string().max(100).default(''),
  miles: z.string().max(10).default('50'),
});
export const Dealer = z.object({
  Acctnum: z.string(),
  Company: z.string(),
  Address1: z.string(),
  City: z.string(),
  State: z.string(),
  Zip: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Miles from the ZIP's centre, one decimal. */
  distance: z.number(),
});
export type Dealer = z.infer<typeof Dealer>;
export const WhereToBuyResponse = z.object({
  data: z.array(Dealer),
  /** [latitude, longitude] of the ZIP's centre. */
  center: z.tuple([z.number(), z.number()]),
  zip: z.string(),
  miles: z.number(),
  /** Street tiles when a tile server is configured; null draws the bundled US outline. */
  tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});
export type WhereToBuyResponse = z.infer<typeof WhereToBuyResponse>;

/** /api/career */
export const Career = z.object({
  id: z.number().int(),
  job_heading: z.string(),
  job_subject: z.string(),
  job_description: z.string(),
});
export type Career = z.infer<typeof Career>;
export const CareerList = z.object({ data: z.array(Career) });
export type CareerList = z.infer<typeof CareerList>;
export const CareerInput = z.object({
  job_heading: z.string().trim().min(1, 'The job heading is required.').max(120),
  job_subject: z.string().trim().min(1, 'The job subject is required.').max(200),
  job_description: z.string().trim().min(1, 'The job description is required.').max(10_000),
});
export type CareerInput = z.infer<typeof CareerInput>;
export const CareerIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const CareerResponse = z.object({ success: z.boolean(), data: Career });

/** GET /api/pdfUserList (active) and GET /api/pdfDownload (active=1, dlid). */
export const DocumentListQuery = z.object({ active: z.coerce.number().int().min(0).max(1).default(1) });
export const DocumentEntry = z.object({ id: z.number().int(), name: z.string(), category: z.number().int() });
export type DocumentEntry = z.infer<typeof DocumentEntry>;
export const DocumentList = z.object({ data: z.array(DocumentEntry) });
export type DocumentList = z.infer<typeof DocumentList>;
export const DocumentDownloadQuery = z.object({
  active: z.coerce.number().int().min(0).max(1).default(1),
  dlid: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** GET /api/newAccount: where the application goes and where to download it. */
export const NewAccountInfo = z.object({ ordersEmail: z.string(), formUrl: z.string() });
export type NewAccountInfo = z.infer<typeof NewAccountInfo>;

/** GET /api/contact-us: the csrf value and the captcha the form shows. */
export const ContactCaptcha = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('altcha'), challengeUrl: z.string() }),
  z.object({ kind: z.literal('recaptcha'), siteKey: z.string() }),
]);
export type ContactCaptcha = z.infer<typeof ContactCaptcha>;
export const ContactFormInfo = z.object({ csrf: z.string(), captcha: ContactCaptcha });
export type ContactFormInfo = z.infer<typeof ContactFormInfo>;
/** POST /api/contact-us. Lengths are checked by the service so that its messages answer them. */
export const ContactRequest = z.object({
  name: z.string().max(1000).default(''),
  email: z.string().max(1000).default(''),
  phoneNumber: z.string().max(100).optional().nullable(),
  message: z.string().max(20_000).default(''),
  recap: z.string().max(20_000).optional().nullable(),
  csrf: z.string().max(500).optional().nullable(),
});
export type ContactRequest = z.infer<typeof ContactRequest>;
export const ContactResponse = z.object({ success: z.boolean(), message: z.string() });
export type ContactResponse = z.infer<typeof ContactResponse>;
