-- Each dealer's point on earthdistance's sphere, written with ll_to_earth's own steps (docs/decisions/018): Where To
-- Buy measures the dealers in its box from these instead of working out six sines and cosines a dealer a search.
ALTER TABLE "dealers" ADD COLUMN "earth_x" double precision GENERATED ALWAYS AS ((6378168::float8 * cos(radians(latitude)) * cos(radians(longitude)))) STORED;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "earth_y" double precision GENERATED ALWAYS AS ((6378168::float8 * cos(radians(latitude)) * sin(radians(longitude)))) STORED;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "earth_z" double precision GENERATED ALWAYS AS ((6378168::float8 * sin(radians(latitude)))) STORED;