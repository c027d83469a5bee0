import { customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const careers = pgTable('careers', {
  id: serial('id').primaryKey(),
  jobHeading: text('job_heading').notNull(),
  jobSubject: text('job_subject').notNull(),
  jobDescription: text('job_description').notNull(),
  active: integer('active').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Downloadable documents; category 1 Promos, 2 Updates, 3 Discontinued Items. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    category: integer('category').notNull(),
    active: integer('active').notNull().default(1),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_category_idx').on(t.category)],
);
