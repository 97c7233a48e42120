CREATE TABLE "file_deletions" (
	"key" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "app_files" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "app_files" ADD COLUMN "storage_key" text;--> statement-breakpoint
CREATE INDEX "uploads_storage_key_idx" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "app_files_storage_key_idx" ON "app_files" USING btree ("storage_key");--> statement-breakpoint
-- Written by hand (drizzle-kit does not generate triggers): every deleted file row queues its key,
-- cascades from a removed project or account included, in the deleting transaction.
CREATE FUNCTION "queue_file_deletions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "file_deletions" ("key")
    SELECT DISTINCT "storage_key" FROM "removed" WHERE "storage_key" IS NOT NULL
  ON CONFLICT ("key") DO UPDATE SET "due_at" = least("file_deletions"."due_at", excluded."due_at");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "app_files_queue_deletions" AFTER DELETE ON "app_files" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "queue_file_deletions"();--> statement-breakpoint
CREATE TRIGGER "uploads_queue_deletions" AFTER DELETE ON "uploads" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "queue_file_deletions"();
