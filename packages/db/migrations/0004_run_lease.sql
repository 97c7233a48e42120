ALTER TABLE "runs" ADD COLUMN "owner_instance" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "runs_running_heartbeat_idx" ON "runs" USING btree ("heartbeat_at") WHERE status = 'running';