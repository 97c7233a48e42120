CREATE TABLE "data_snapshots" (
	"id" text PRIMARY KEY NOT NULL,
	"sprout_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_data" (
	"version_id" text PRIMARY KEY NOT NULL,
	"snapshot_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_snapshots" ADD CONSTRAINT "data_snapshots_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_data" ADD CONSTRAINT "version_data_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_data" ADD CONSTRAINT "version_data_snapshot_id_data_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."data_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_snapshots_fingerprint_idx" ON "data_snapshots" USING btree ("sprout_id","fingerprint");--> statement-breakpoint
CREATE INDEX "version_data_snapshot_idx" ON "version_data" USING btree ("snapshot_id");