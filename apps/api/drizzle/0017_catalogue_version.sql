-- The catalogue's version (docs/decisions/018): one row, bumped by every statement that writes products. The API
-- process keeps an index of the active products' filter and sort columns built at one version, and answers a
-- listing page from it only when the page's rows, read in one statement with the version, carry the same one.
CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO catalogue_version (id, version) VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- BEFORE each statement: a transaction that writes products takes the version row's lock before any product row,
-- so two writers queue on it instead of each holding a product row the other wants (no deadlock). The bump commits
-- (or rolls back) with the products it stands for.
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_bump_catalogue_version ON products;
--> statement-breakpoint
CREATE TRIGGER products_bump_catalogue_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
