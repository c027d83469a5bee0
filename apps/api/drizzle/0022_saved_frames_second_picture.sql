ALTER TABLE "saved_frames" ADD COLUMN "image2_id" text;--> statement-breakpoint
CREATE INDEX "saved_frames_image2_idx" ON "saved_frames" USING btree ("image2_id");