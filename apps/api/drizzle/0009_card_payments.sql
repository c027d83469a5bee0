CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"customer_id" text,
	"last_four" text NOT NULL,
	"card_type" text NOT NULL,
	"expmonth" integer NOT NULL,
	"expyear" integer NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text,
	"amount" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"processor_code" text NOT NULL,
	"message" text NOT NULL,
	"last_four" text NOT NULL,
	"card_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_transactions_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "batch_payments" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "batch_payments" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "batch_payments" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_uq" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_tokens_customer_idx" ON "sandbox_gateway_tokens" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_uq" ON "payments" USING btree ("reference");