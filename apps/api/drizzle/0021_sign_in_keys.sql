-- The key that signs sign-in device cookies and proof-of-work challenges (docs/decisions/008), made once per database.
CREATE TABLE "auth_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
