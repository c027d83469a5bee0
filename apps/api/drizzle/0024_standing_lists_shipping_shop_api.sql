CREATE TABLE "standing_list_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"selection" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standing_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"acctnum" text NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"location" text NOT NULL,
	"zip_prefix" text NOT NULL,
	"days" text NOT NULL,
	"name" text,
	"transit_days" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"location" text,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_schedules" (
	"location" text PRIMARY KEY NOT NULL,
	"cutoff_time" text DEFAULT '15:00' NOT NULL,
	"time_zone" text NOT NULL,
	"ship_days" text DEFAULT '1,2,3,4,5' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_api_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"acctnum" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"acctnum" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "standing_list_lines" ADD CONSTRAINT "standing_list_lines_list_id_standing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."standing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standing_list_lines_list_idx" ON "standing_list_lines" USING btree ("list_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_lists_name_uq" ON "standing_lists" USING btree ("acctnum",lower("name"));--> statement-breakpoint
CREATE INDEX "delivery_routes_location_idx" ON "delivery_routes" USING btree ("location","zip_prefix");--> statement-breakpoint
CREATE INDEX "shipping_holidays_day_idx" ON "shipping_holidays" USING btree ("day");--> statement-breakpoint
CREATE INDEX "account_api_calls_key_idx" ON "account_api_calls" USING btree ("key_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_api_keys_prefix_uq" ON "account_api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "account_api_keys_acctnum_idx" ON "account_api_keys" USING btree ("acctnum");