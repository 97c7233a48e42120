CREATE TABLE "run_attempt_files" (
	"run_id" text NOT NULL,
	"path" text NOT NULL,
	"blob_hash" text NOT NULL,
	CONSTRAINT "run_attempt_files_run_id_path_pk" PRIMARY KEY("run_id","path")
);
--> statement-breakpoint
CREATE TABLE "run_attempts" (
	"run_id" text PRIMARY KEY NOT NULL,
	"sprout_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"base_version_id" text,
	"summary" text,
	"issues" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screenshots" (
	"id" text PRIMARY KEY NOT NULL,
	"sprout_id" text NOT NULL,
	"image" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "run_attempt_files" ADD CONSTRAINT "run_attempt_files_run_id_run_attempts_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."run_attempts"("run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_attempt_files" ADD CONSTRAINT "run_attempt_files_blob_hash_blobs_hash_fk" FOREIGN KEY ("blob_hash") REFERENCES "public"."blobs"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_attempts" ADD CONSTRAINT "run_attempts_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_attempts_sprout_idx" ON "run_attempts" USING btree ("sprout_id","created_at");