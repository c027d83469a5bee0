import { z } from 'zod';
import { CareerInput } from './public-pages.ts';
import { pagedQuerySortedBy, staffPage } from './staff.ts';

// ---- settings and rich-text pages ----

/** Settings staff may edit: rich-text pages (HTML) and JSON lists; corner_samples is { price, monthlyLimit }. */
export const RICH_TEXT_PAGES = ['who_we_are', 'Policy', 'Terms', 'faq', 'store_locations'] as const;
export const JSON_SETTINGS = [
  'value_lines',
  'popular_collections',
  'social_links',
  'corner_samples',
] as const;
export const StaffSetting = z.object({
  name: z.string(),
  kind: z.enum(['rich', 'json']),
  /** rich: the page's HTML (sanitised); json: the JSON text */
  value: z.string(),
  updatedAt: z.string().nullable(),
});
export type StaffSetting = z.infer<typeof StaffSetting>;
export const StaffSettingList = z.object({ data: z.array(StaffSetting) });
export type StaffSettingList = z.infer<typeof StaffSettingList>;
export const StaffSettingParams = z.object({ name: z.string().max(64) });
export const StaffSettingUpdate = z.object({
  /** rich: HTML (sanitised on the server); json: JSON text checked against the setting's shape */
  value: z.string().max(500_000),
});
export type StaffSettingUpdate = z.infer<typeof StaffSettingUpdate>;

// ---- careers ----

export const StaffCareer = z.object({
  id: z.number().int(),
  job_heading: z.string(),
  job_subject: z.string(),
  job_description: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type StaffCareer = z.infer<typeof StaffCareer>;
export const StaffCareerQuery = pagedQuerySortedBy(['createdAt', 'job_heading', 'job_subject'], 'createdAt');
export const StaffCareerList = staffPage(StaffCareer);
export type StaffCareerList = z.infer<typeof StaffCareerList>;
export const StaffCareerInput = CareerInput.extend({ active: z.boolean().default(true) });
export type StaffCareerInput = z.input<typeof StaffCareerInput>;
export const StaffCareerResponse = z.object({ success: z.boolean(), data: StaffCareer });

// ---- documents ----

/** Largest PDF staff may upload. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_CATEGORIES = { 1: 'Promos', 2: 'Updates', 3: 'Discontinued Items' } as const;
export const StaffDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.number().int(),
  active: z.boolean(),
  fileName: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type StaffDocument = z.infer<typeof StaffDocument>;
export const StaffDocumentQuery = pagedQuerySortedBy(['createdAt', 'name', 'category'], 'createdAt');
export const StaffDocumentList = staffPage(StaffDocument);
export type StaffDocumentList = z.infer<typeof StaffDocumentList>;
export const StaffDocumentUpdate = z.object({
  name: z.string().trim().min(1, 'The document name is required.').max(200),
  category: z.coerce.number().int().min(1).max(3),
  active: z.boolean(),
});
export type StaffDocumentUpdate = z.infer<typeof StaffDocumentUpdate>;
export const StaffDocumentResponse = z.object({ success: z.boolean(), data: StaffDocument });
export const StaffIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

// ---- dealers ----

export const StaffDealer = z.object({
  acctnum: z.string(),
  company: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type StaffDealer = z.infer<typeof StaffDealer>;
export const StaffDealerQuery = pagedQuerySortedBy(['acctnum', 'company', 'city', 'state', 'zip'], 'company');
export const StaffDealerList = staffPage(StaffDealer);
export type StaffDealerList = z.infer<typeof StaffDealerList>;
export const StaffDealerParams = z.object({ acctnum: z.string().trim().min(1).max(20) });
export const StaffDealerInput = z.object({
  company: z.string().trim().min(1, 'The company is required.').max(200),
  address1: z.string().trim().min(1, 'The address is required.').max(200),
  city: z.string().trim().min(1, 'The city is required.').max(100),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'The state is two letters.'),
  zip: z.string().trim().max(10),
});
export type StaffDealerInput = z.infer<typeof StaffDealerInput>;
export const StaffDealerResponse = z.object({ success: z.boolean(), data: StaffDealer });
/** The columns of the dealers CSV, in this order on export; any order on import (header row required). */
export const DEALER_CSV_COLUMNS = ['acctnum', 'company', 'address1', 'city', 'state', 'zip'] as const;
export const DealerImportRequest = z.object({
  csv: z.string().max(5_000_000),
  /** check and report only; nothing is written */
  dryRun: z.boolean().default(false),
});
export const CsvRowError = z.object({
  /** 1-based line of the file (the header is row 1) */
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof CsvRowError>;
export const DealerImportReport = z.object({
  message: z.string(),
  applied: z.boolean(),
  rows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(CsvRowError),
});
export type DealerImportReport = z.infer<typeof DealerImportReport>;

// ---- contact messages ----

export const StaffContactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type StaffContactMessage = z.infer<typeof StaffContactMessage>;
export const StaffContactQuery = pagedQuerySortedBy(['createdAt', 'name', 'email'], 'createdAt').extend({
  handled: z.enum(['all', 'yes', 'no']).default('all'),
});
export const StaffContactList = staffPage(StaffContactMessage);
export type StaffContactList = z.infer<typeof StaffContactList>;
export const StaffContactUpdate = z.object({ handled: z.boolean() });
export const StaffContactResponse = z.object({ success: z.boolean(), data: StaffContactMessage });
