CREATE TABLE "frame_images" (
	"id" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frame_renders" (
	"hash" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_frames" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "saved_frames" ADD COLUMN "render_hash" text;--> statement-breakpoint
CREATE INDEX "saved_frames_image_idx" ON "saved_frames" USING btree ("image_id");