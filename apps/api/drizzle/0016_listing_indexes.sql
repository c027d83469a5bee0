-- Listing pages and short searches that read as far as their page, not the whole filter (docs/decisions/018).
--
-- The page of a filtered listing: active products of a type in item # order, carrying every filter column, so
-- that `where active = 1 and type = 4 [and width between … and finish_name in (…) …] order by code limit 20
-- offset 40` is an index-only walk in item # order that filters as it goes (the OFFSET skips index entries, not
-- rows). Its counts and the filter groups' counts read it index-only too.
CREATE INDEX IF NOT EXISTS products_listing_type_code_idx ON products (type, code)
  INCLUDE (collection_id, width, height, rabbet, finish_name, style_name, color_family_id, profile_type_id, frame_type)
  WHERE active = 1;
--> statement-breakpoint
-- The same within a collection: one range per collection in item # order; a listing of several collections
-- merges the ranges (Merge Append). It replaces 0004's (type, collection_id, code), which had to visit each row.
CREATE INDEX IF NOT EXISTS products_listing_collection_code_idx ON products (type, collection_id, code)
  INCLUDE (width, height, rabbet, finish_name, style_name, color_family_id, profile_type_id, frame_type)
  WHERE active = 1;
--> statement-breakpoint
DROP INDEX IF EXISTS products_type_collection_code_idx;
--> statement-breakpoint
-- Searches of one to three letters: names starting with them, in name order, as a btree range
-- (`lower(display_name) like 'wal%' order by lower(display_name) using ~<~ limit n`).
CREATE INDEX IF NOT EXISTS products_name_lower_pattern_idx ON products (lower(display_name) text_pattern_ops);
--> statement-breakpoint
-- Searches of two or three letters, the rest: names with another word starting with them (GIN full-text prefix),
-- read in the index's (block) order and only as far as the page. to_tsvector is declared cheap, so with a LIMIT
-- the planner liked a sequential scan that tests name after name until it has enough: long for a rare prefix,
-- and in an order that moves (synchronised scans start where the last scan was), so pages could overlap.
-- Wrapped (the SET keeps it from being inlined) and costed nearer what it is per row, the GIN index is the cheaper
-- path; not 100,000, which made every count with it cost more than jit_above_cost (a 500 ms JIT compile).
-- Parallel restricted, so that no worker scatters the order.
CREATE OR REPLACE FUNCTION product_name_words(name text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL RESTRICTED COST 10000 SET search_path = pg_catalog
  AS $$ select to_tsvector('simple', name) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_name_words_fn_idx ON products USING gin (product_name_words(display_name));
--> statement-breakpoint
DROP INDEX IF EXISTS products_name_words_idx;
