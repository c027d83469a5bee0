CREATE TABLE "payment_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"invnum" integer NOT NULL,
	"acctnum" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"gateway_transaction_id" text,
	"message" text,
	"idempotency_key" text NOT NULL,
	"staff_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_transactions" ADD COLUMN "settles_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_transactions" ADD COLUMN "refunded" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_adjustments_payment_idx" ON "payment_adjustments" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_adjustments_idem_uq" ON "payment_adjustments" USING btree ("idempotency_key");--> statement-breakpoint
UPDATE "sandbox_gateway_transactions" SET "settles_at" = "created_at" WHERE "status" = 'settled';
