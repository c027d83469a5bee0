CREATE TABLE "erp_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "erp_keys_prefix_uq" ON "erp_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "erp_keys_created_idx" ON "erp_keys" USING btree ("created_at");