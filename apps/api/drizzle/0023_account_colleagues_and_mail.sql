CREATE SEQUENCE "public"."colleague_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 90000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "account_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"acctnum" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"can_order" boolean DEFAULT false NOT NULL,
	"can_pay" boolean DEFAULT false NOT NULL,
	"can_see_prices" boolean DEFAULT false NOT NULL,
	"can_manage" boolean DEFAULT false NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	"revoked_at" timestamp with time zone,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"order_confirmation" boolean DEFAULT true NOT NULL,
	"invoice_issued" boolean DEFAULT true NOT NULL,
	"order_shipped" boolean DEFAULT true NOT NULL,
	"backorder_released" boolean DEFAULT true NOT NULL,
	"monthly_statement" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "can_order" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "can_pay" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "can_see_prices" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "can_manage" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "invited_by" integer;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tracking" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" text;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_acctnum_accounts_acctnum_fk" FOREIGN KEY ("acctnum") REFERENCES "public"."accounts"("acctnum") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD CONSTRAINT "mail_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_invitations_token_uq" ON "account_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_invitations_acctnum_idx" ON "account_invitations" USING btree ("acctnum");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_event_key_uq" ON "email_outbox" USING btree ("event_key") WHERE "email_outbox"."event_key" is not null;