ALTER TABLE "runs" ADD COLUMN "kind" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "parent_run_id" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "error_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "runs_one_active_idx" ON "runs" USING btree ("sprout_id") WHERE status = 'running';