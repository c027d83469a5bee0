CREATE TABLE "accounts" (
	"acctnum" text PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"contact" text,
	"title" text,
	"phone" text,
	"fax" text,
	"website" text,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text,
	"zip" text,
	"active_type" text DEFAULT 'Y' NOT NULL,
	"terms" text DEFAULT 'Net 30' NOT NULL,
	"shipvia" text,
	"location" text DEFAULT 'C' NOT NULL,
	"salesperson" text,
	"b_disc" text,
	"c_disc" text,
	"g_disc" text,
	"j_disc" text,
	"l_disc" text,
	"h_disc" text,
	"m_disc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_accounts" (
	"user_id" integer NOT NULL,
	"acctnum" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_accounts_user_id_acctnum_pk" PRIMARY KEY("user_id","acctnum")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"first_login" boolean DEFAULT false NOT NULL,
	"email_verify_required" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"totp_secret" text,
	"is_staff" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"mfa_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"user_id" integer NOT NULL,
	"acctnum" text NOT NULL,
	"cartdata" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_id_acctnum_pk" PRIMARY KEY("user_id","acctnum")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"description" text,
	"parent_id" integer
);
--> statement-breakpoint
CREATE TABLE "color_families" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_levels" (
	"category" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"rate" numeric(6, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "discount_levels_category_code_pk" PRIMARY KEY("category","code")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"acctnum" text NOT NULL,
	"vendor" text DEFAULT '' NOT NULL,
	"key" text NOT NULL,
	"disc_rate" numeric(6, 2) DEFAULT '0' NOT NULL,
	"join_fee" numeric(10, 2),
	"join_os_fee" numeric(10, 2)
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"addr1" text NOT NULL,
	"addr2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"code" text NOT NULL,
	"location" text NOT NULL,
	"onhand" numeric(12, 2) DEFAULT '0' NOT NULL,
	"commit_amt" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "product_stock_code_location_pk" PRIMARY KEY("code","location")
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"value" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"display_name" text NOT NULL,
	"frame_type" text NOT NULL,
	"type" integer NOT NULL,
	"category" text,
	"width" numeric(8, 4),
	"height" numeric(8, 4),
	"rabbet" numeric(8, 4),
	"manuf_code" text,
	"fi_loc" text,
	"collection_id" integer,
	"finish_name" text,
	"style_name" text,
	"color_family_id" integer,
	"profile_type_id" integer,
	"swatch" text,
	"box_qty" integer DEFAULT 0 NOT NULL,
	"box_nodiscount" integer DEFAULT 0 NOT NULL,
	"vendor" text,
	"frame_line" text,
	"bypass" text,
	"h_int" integer,
	"w_int" integer,
	"length" numeric(12, 2),
	"chop" numeric(12, 2),
	"join_amt" numeric(12, 2),
	"length2" numeric(12, 2),
	"hardware" numeric(12, 2),
	"glass1" numeric(12, 2),
	"glass2" numeric(12, 2),
	"glass3" numeric(12, 2),
	"glass4" numeric(12, 2),
	"mat1" numeric(12, 2),
	"mat2" numeric(12, 2),
	"mat3" numeric(12, 2),
	"mat4" numeric(12, 2),
	"mat5" numeric(12, 2),
	"readymade" numeric(12, 2),
	"join_fee" numeric(12, 2),
	"join_os_fee" numeric(12, 2),
	"active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"name" text PRIMARY KEY NOT NULL,
	"data" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "careers" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_heading" text NOT NULL,
	"job_subject" text NOT NULL,
	"job_description" text NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"message" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" integer NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text DEFAULT 'application/pdf' NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"acctnum" text PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"address1" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_frames" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"acctnum" text NOT NULL,
	"name" text NOT NULL,
	"framedata" text NOT NULL,
	"fdate" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credits" (
	"invnum" integer PRIMARY KEY NOT NULL,
	"acctnum" text NOT NULL,
	"tran_date" timestamp with time zone NOT NULL,
	"invamt" numeric(12, 2) NOT NULL,
	"payamt" numeric(12, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"invnum" integer NOT NULL,
	"seqnum" integer NOT NULL,
	"qty" numeric(12, 2) NOT NULL,
	"shipped" numeric(12, 2) NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"description1" text,
	"pcode" text,
	"footage" numeric(12, 2),
	"unit_price" numeric(12, 2) NOT NULL,
	"tot_price" numeric(12, 2) NOT NULL,
	"calc_join" numeric(12, 2) DEFAULT '0' NOT NULL,
	"h_int" integer,
	"h_frac" integer,
	"w_int" integer,
	"w_frac" integer,
	"size_code" text,
	"instructions" text,
	CONSTRAINT "invoice_items_invnum_seqnum_pk" PRIMARY KEY("invnum","seqnum")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"invnum" integer NOT NULL,
	"seqnum" integer NOT NULL,
	"tran_date" timestamp with time zone NOT NULL,
	"inv_amt" numeric(12, 2) NOT NULL,
	"pay_amt" numeric(12, 2) NOT NULL,
	"payment_id" integer,
	CONSTRAINT "invoice_payments_invnum_seqnum_pk" PRIMARY KEY("invnum","seqnum")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"invnum" integer PRIMARY KEY NOT NULL,
	"ordnum" integer,
	"acctnum" text NOT NULL,
	"location" text NOT NULL,
	"inv_date" timestamp with time zone NOT NULL,
	"due_date" timestamp with time zone,
	"terms" text,
	"shipvia" text,
	"sls" text,
	"pay_by" text,
	"cust_po" text,
	"operator" text,
	"ship_company" text,
	"ship_address1" text,
	"ship_address2" text,
	"ship_city" text,
	"ship_state" text,
	"ship_zip" text,
	"item_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"disc_rate" numeric(6, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"shipping" numeric(12, 2) DEFAULT '0' NOT NULL,
	"ship_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"packing" numeric(12, 2) DEFAULT '0' NOT NULL,
	"invamt" numeric(12, 2) NOT NULL,
	"payamt" numeric(12, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(12, 2) NOT NULL,
	"paystatus" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"run_key" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"ordnum" integer NOT NULL,
	"seqnum" integer NOT NULL,
	"qty" numeric(12, 2) NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"description1" text,
	"pcode" text,
	"location" text,
	"footage" numeric(12, 2),
	"unit_price" numeric(12, 2) NOT NULL,
	"tot_price" numeric(12, 2) NOT NULL,
	"calc_join" numeric(12, 2) DEFAULT '0' NOT NULL,
	"h_int" integer,
	"h_frac" integer,
	"w_int" integer,
	"w_frac" integer,
	"size_code" text,
	"instructions" text,
	"backorder" text,
	"ship_qty" numeric(12, 2),
	"backorder_qty" numeric(12, 2),
	"cancelled_qty" numeric(12, 2),
	CONSTRAINT "order_items_ordnum_seqnum_pk" PRIMARY KEY("ordnum","seqnum")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"ordnum" integer PRIMARY KEY NOT NULL,
	"acctnum" text NOT NULL,
	"user_id" integer,
	"location" text NOT NULL,
	"synced" integer DEFAULT 0 NOT NULL,
	"ord_date" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" timestamp with time zone,
	"ship_company" text,
	"ship_address1" text,
	"ship_address2" text,
	"ship_city" text,
	"ship_state" text,
	"ship_zip" text,
	"terms" text,
	"shipvia" text,
	"sls" text,
	"pay_by" text,
	"cust_po" text,
	"operator" text,
	"item_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"disc_rate" numeric(6, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"shipping" numeric(12, 2) DEFAULT '0' NOT NULL,
	"ship_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"packing" numeric(12, 2) DEFAULT '0' NOT NULL,
	"inv_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"source_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_batch_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"acctnum" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text,
	"payment_status_id" integer,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"acctnum" text NOT NULL,
	"name" text NOT NULL,
	"last_four" text NOT NULL,
	"expmonth" integer NOT NULL,
	"expyear" integer NOT NULL,
	"type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"billing_name" text NOT NULL,
	"billing_address" text NOT NULL,
	"billing_city" text NOT NULL,
	"billing_state" text NOT NULL,
	"billing_postal" text NOT NULL,
	"gateway_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"acctnum" text NOT NULL,
	"user_id" integer,
	"billing_method_id" integer,
	"total" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"acctnum" text NOT NULL,
	"invnum" integer NOT NULL,
	"user_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_transaction_id" text,
	"last_four" text,
	"card_type" text,
	"message" text,
	"idempotency_key" text,
	"batch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_acctnum_accounts_acctnum_fk" FOREIGN KEY ("acctnum") REFERENCES "public"."accounts"("acctnum") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_code_products_code_fk" FOREIGN KEY ("code") REFERENCES "public"."products"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_location_locations_code_fk" FOREIGN KEY ("location") REFERENCES "public"."locations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invnum_invoices_invnum_fk" FOREIGN KEY ("invnum") REFERENCES "public"."invoices"("invnum") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invnum_invoices_invnum_fk" FOREIGN KEY ("invnum") REFERENCES "public"."invoices"("invnum") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_ordnum_orders_ordnum_fk" FOREIGN KEY ("ordnum") REFERENCES "public"."orders"("ordnum") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_accounts_acctnum_idx" ON "user_accounts" USING btree ("acctnum");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_uq" ON "auth_tokens" USING btree ("kind","token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "discounts_acct_idx" ON "discounts" USING btree ("acctnum","vendor","key");--> statement-breakpoint
CREATE INDEX "product_stock_location_idx" ON "product_stock" USING btree ("location");--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("type");--> statement-breakpoint
CREATE INDEX "products_collection_idx" ON "products" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "products_frame_type_idx" ON "products" USING btree ("frame_type");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_code_lower_idx" ON "products" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "documents_category_idx" ON "documents" USING btree ("category");--> statement-breakpoint
CREATE INDEX "dealers_lat_lng_idx" ON "dealers" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "saved_frames_acct_idx" ON "saved_frames" USING btree ("acctnum");--> statement-breakpoint
CREATE INDEX "credits_acct_idx" ON "credits" USING btree ("acctnum");--> statement-breakpoint
CREATE INDEX "invoices_acct_date_idx" ON "invoices" USING btree ("acctnum","inv_date");--> statement-breakpoint
CREATE INDEX "invoices_ordnum_idx" ON "invoices" USING btree ("ordnum");--> statement-breakpoint
CREATE INDEX "orders_acct_date_idx" ON "orders" USING btree ("acctnum","ord_date");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_source_key_uq" ON "orders" USING btree ("source_key") WHERE "orders"."source_key" is not null;--> statement-breakpoint
CREATE INDEX "batch_payments_batch_idx" ON "batch_payments" USING btree ("payment_batch_id");--> statement-breakpoint
CREATE INDEX "batch_payments_acct_idx" ON "batch_payments" USING btree ("acctnum");--> statement-breakpoint
CREATE INDEX "billing_methods_acct_idx" ON "billing_methods" USING btree ("acctnum");--> statement-breakpoint
CREATE INDEX "payment_batches_acct_idx" ON "payment_batches" USING btree ("acctnum");--> statement-breakpoint
CREATE INDEX "payments_acct_idx" ON "payments" USING btree ("acctnum");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idem_uq" ON "payments" USING btree ("acctnum","idempotency_key");