ALTER TABLE "deployment_files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "screenshots" ALTER COLUMN "image" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deployment_files" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "screenshots" ADD COLUMN "storage_key" text;--> statement-breakpoint
CREATE INDEX "deployment_files_storage_key_idx" ON "deployment_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "screenshots_storage_key_idx" ON "screenshots" USING btree ("storage_key");--> statement-breakpoint
-- Written by hand (drizzle-kit does not generate triggers): a deleted deployment file or screenshot
-- queues its key for the file store's sweep, as app files and uploads do (0017), cascades from a
-- pruned deployment, a removed project or an account included, in the deleting transaction.
CREATE TRIGGER "deployment_files_queue_deletions" AFTER DELETE ON "deployment_files" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "queue_file_deletions"();--> statement-breakpoint
CREATE TRIGGER "screenshots_queue_deletions" AFTER DELETE ON "screenshots" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "queue_file_deletions"();
