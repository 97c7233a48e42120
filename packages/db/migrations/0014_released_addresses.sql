CREATE TABLE "released_addresses" (
	"slug" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sprouts" ADD COLUMN "address_inherited" boolean DEFAULT false NOT NULL;