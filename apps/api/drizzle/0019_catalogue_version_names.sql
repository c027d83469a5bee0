-- The names a product row carries from other tables (its collection, colour family and profile type) are part of
-- the catalogue's version too (docs/decisions/018): the API process keeps the rows it has read at a version and
-- shows them while the version stands, so renaming a collection must move the version as writing a product does.
DROP TRIGGER IF EXISTS collections_bump_catalogue_version ON collections;
--> statement-breakpoint
CREATE TRIGGER collections_bump_catalogue_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON collections
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS color_families_bump_catalogue_version ON color_families;
--> statement-breakpoint
CREATE TRIGGER color_families_bump_catalogue_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON color_families
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS profile_types_bump_catalogue_version ON profile_types;
--> statement-breakpoint
CREATE TRIGGER profile_types_bump_catalogue_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON profile_types
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
