-- Header search that scales with the answer (docs/decisions/018): the top matches by name come from a
-- trigram KNN walk of a GiST index (`display_name %> q order by display_name <->> q limit n`); a wide
-- signature (siglen=256) keeps inner pages selective enough for typos ('walnot') to stop after a few pages. It is
-- on lower(display_name) (trigrams ignore case anyway) so that the planner never takes it for a bitmap scan of
-- `display_name %> q`, where the GIN index products_name_trgm_idx is far cheaper (a GiST bitmap walks it all).
CREATE INDEX IF NOT EXISTS products_name_lower_trgm_gist_idx ON products USING gist (lower(display_name) gist_trgm_ops(siglen=256));
--> statement-breakpoint
-- Item # prefix in item # order, whatever the collation (LIKE 'q%' as a btree range).
CREATE INDEX IF NOT EXISTS products_code_lower_pattern_idx ON products (lower(code) text_pattern_ops);
--> statement-breakpoint
-- Searches of one to three letters: a word of the name starting with them (trigrams are too coarse there).
CREATE INDEX IF NOT EXISTS products_name_words_idx ON products USING gin (to_tsvector('simple', display_name));
--> statement-breakpoint
-- pg_trgm declares its comparisons as cheap as `=` (cost 1): the planner then likes to run `display_name %> q`
-- on every row (a sequential scan, ~20 µs a row) rather than ask the GIN index. Their real cost, roughly:
ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
--> statement-breakpoint
ALTER FUNCTION word_similarity_op(text, text) COST 100;
--> statement-breakpoint
ALTER FUNCTION word_similarity_dist_commutator_op(text, text) COST 100;
--> statement-breakpoint
ALTER FUNCTION word_similarity_dist_op(text, text) COST 100;
