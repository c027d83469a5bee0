-- Search by item # is case-insensitive: the trigram index must be on lower(code) (see docs/decisions/004).
DROP INDEX IF EXISTS products_code_trgm_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_code_lower_trgm_idx ON products USING gin (lower(code) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_type_collection_code_idx ON products (type, collection_id, code);
