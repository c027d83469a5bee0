ALTER TABLE "product_stock" ALTER COLUMN "onhand" SET DATA TYPE numeric(14, 4);--> statement-breakpoint
ALTER TABLE "product_stock" ALTER COLUMN "onhand" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "product_stock" ALTER COLUMN "commit_amt" SET DATA TYPE numeric(14, 4);--> statement-breakpoint
ALTER TABLE "product_stock" ALTER COLUMN "commit_amt" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "qty" SET DATA TYPE numeric(14, 4);--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "footage" SET DATA TYPE numeric(14, 4);--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "ship_qty" SET DATA TYPE numeric(14, 4);--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "backorder_qty" SET DATA TYPE numeric(14, 4);--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "cancelled_qty" SET DATA TYPE numeric(14, 4);