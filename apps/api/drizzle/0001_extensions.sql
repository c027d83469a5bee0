CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS order_number_seq START WITH 700000;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_code_trgm_idx ON products USING gin (code gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_name_trgm_idx ON products USING gin (display_name gin_trgm_ops);
