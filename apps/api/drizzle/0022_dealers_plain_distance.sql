-- Where To Buy measures each dealer with earthdistance's earth_distance itself: the points kept for it by hand go.
ALTER TABLE "dealers" DROP COLUMN "earth_x";--> statement-breakpoint
ALTER TABLE "dealers" DROP COLUMN "earth_y";--> statement-breakpoint
ALTER TABLE "dealers" DROP COLUMN "earth_z";