CREATE TABLE "seen_runtime_errors" (
	"version_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"sprout_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seen_runtime_errors_version_id_fingerprint_pk" PRIMARY KEY("version_id","fingerprint")
);
--> statement-breakpoint
ALTER TABLE "seen_runtime_errors" ADD CONSTRAINT "seen_runtime_errors_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seen_runtime_errors" ADD CONSTRAINT "seen_runtime_errors_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seen_runtime_errors_sprout_idx" ON "seen_runtime_errors" USING btree ("sprout_id","seen_at");