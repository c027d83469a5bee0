import {
  JSON_SETTINGS,
  RICH_TEXT_PAGES,
  type StaffSetting,
  type StaffSettingList,
} from '@mitrebox/api-contract';
import {
  DEFAULT_SAMPLE_SETTINGS,
  MAX_SAMPLE_LIMIT,
  readSampleSettings,
  SAMPLE_SETTING,
} from '@mitrebox/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Queryable } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { sanitizePageHtml } from '../content/content-pages.ts';
import { settings } from './catalogue.tables.ts';

const RICH = new Set<string>(RICH_TEXT_PAGES);
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const text = (max: number) => z.string().trim().max(max);

/** The shape each JSON setting must keep, so the storefront can always read it (home-data.ts). */
const JSON_SHAPES: Record<(typeof JSON_SETTINGS)[number], z.ZodType> = {
  popular_collections: z
    .array(z.union([id, z.object({ id, name: text(200).optional(), value: text(200).optional() })]))
    .max(200),
  value_lines: z
    .array(
      z.object({
        id: id.optional(),
        name: text(200).optional(),
        value: text(200).optional(),
        title: text(200).min(1, 'Each value line needs a title.'),
        text: text(2000),
      }),
    )
    .max(50),
  social_links: z
    .array(
      z.object({
        name: text(100).min(1, 'Each link needs a name.'),
        url: text(500).regex(/^https?:\/\/\S+$/i, 'Each link needs an http(s) address.'),
      }),
    )
    .max(20),
  corner_samples: z.object({
    price: z
      .union([z.string().trim(), z.number()])
      .transform(String)
      .pipe(
        z
          .string()
          .regex(
            /^\d{1,3}(\.\d{1,2})?$/,
            'The price per sample must be in dollars and cents, like 2.50 (0 is free).',
          ),
      )
      .transform((v) => Number(v).toFixed(2)),
    monthlyLimit: z
      .number()
      .int('The monthly limit must be a whole number.')
      .min(0, 'The monthly limit must be 0 or more.')
      .max(MAX_SAMPLE_LIMIT, `The monthly limit can be at most ${MAX_SAMPLE_LIMIT}.`),
  }),
};

/** What a JSON setting holds before staff first save it. */
const JSON_DEFAULTS: Partial<Record<string, string>> = {
  corner_samples: JSON.stringify(DEFAULT_SAMPLE_SETTINGS),
};

const isEditable = (
  name: string,
): name is (typeof JSON_SETTINGS)[number] | (typeof RICH_TEXT_PAGES)[number] =>
  RICH.has(name) || name in JSON_SHAPES;

/** The value staff edit: a rich-text page's HTML, or a JSON setting's text. */
function editValue(name: string, data: string | undefined): string {
  if (data === undefined) return RICH.has(name) ? '' : (JSON_DEFAULTS[name] ?? '[]');
  if (!RICH.has(name)) return data;
  try {
    const html: unknown = JSON.parse(data);
    return typeof html === 'string' ? html : '';
  } catch {
    return data;
  }
}

const toSetting = (name: string, row?: { data: string; updatedAt: Date }): StaffSetting => ({
  name,
  kind: RICH.has(name) ? 'rich' : 'json',
  value: RICH.has(name) ? sanitizePageHtml(editValue(name, row?.data)) : editValue(name, row?.data),
  updatedAt: row ? row.updatedAt.toISOString() : null,
});

async function read(db: Queryable, name: string) {
  const [row] = await db.select().from(settings).where(eq(settings.name, name)).limit(1);
  return row;
}

/** The corner-sample settings as the cart applies them (the defaults until staff save them). */
export async function cornerSampleSettings(db: Queryable) {
  const row = await read(db, SAMPLE_SETTING);
  return readSampleSettings(row?.data);
}

export type StaffSettingsService = ReturnType<typeof createStaffSettingsService>;

/** Settings and rich-text pages as the back office edits them; every change is audited with before and after. */
export function createStaffSettingsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(): Promise<StaffSettingList> {
      const rows = await db.select().from(settings);
      const byName = new Map(rows.map((r) => [r.name, r]));
      return {
        data: [...RICH_TEXT_PAGES, ...JSON_SETTINGS].map((name) => toSetting(name, byName.get(name))),
      };
    },

    /**
     * Stores a new value: a rich-text page's HTML sanitised by the one rule the public pages use
     * (sanitizePageHtml); a JSON setting checked against its shape. Answers what was stored.
     */
    async update(name: string, value: string, actor: AuditActor): Promise<StaffSetting> {
      if (!isEditable(name)) throw notFound('There is no such setting.');
      let data: string;
      if (RICH.has(name)) {
        data = JSON.stringify(sanitizePageHtml(value));
      } else {
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch {
          throw badRequest('This is not valid JSON.', { value: 'This is not valid JSON.' });
        }
        const checked = JSON_SHAPES[name as keyof typeof JSON_SHAPES].safeParse(parsed);
        if (!checked.success) {
          const issue = checked.error.issues[0];
          const where = issue.path.length ? ` (at ${issue.path.join('.')})` : '';
          const message = `${issue.message}${where}`;
          throw badRequest(message, { value: message });
        }
        data = JSON.stringify(checked.data);
      }
      return db.transaction(async (tx) => {
        const before = await read(tx, name);
        const [row] = await tx
          .insert(settings)
          .values({ name, data, updatedAt: new Date() })
          .onConflictDoUpdate({ target: settings.name, set: { data, updatedAt: new Date() } })
          .returning();
        const beforeValue = before ? editValue(name, before.data) : null;
        const afterValue = editValue(name, row.data);
        if (beforeValue !== afterValue) {
          await recordAudit(tx, actor, {
            action: 'setting.update',
            entity: 'setting',
            entityId: name,
            before: before ? { value: beforeValue } : null,
            after: { value: afterValue },
          });
        }
        return toSetting(name, row);
      });
    },
  };
}
