ALTER TABLE "sprouts" ADD COLUMN "name_origin" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "messages_counted_from" timestamp with time zone;--> statement-breakpoint
-- Projects still carrying the default name ('Sprout - ' and three digits) that Sprout has not built anything in yet get
-- their name after their first build; every other existing name stays as it is.
UPDATE "sprouts" SET "name_origin" = 'default' WHERE "display_name" ~ '^Sprout - [1-9][0-9]{2}$' AND NOT EXISTS (SELECT 1 FROM "versions" WHERE "versions"."sprout_id" = "sprouts"."id" AND "versions"."source" = 'run');
