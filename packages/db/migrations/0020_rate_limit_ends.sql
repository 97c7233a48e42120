ALTER TABLE "rate_limits" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limits_expires_at" ON "rate_limits" USING btree ("expires_at");