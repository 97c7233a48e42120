CREATE TABLE "deployment_files" (
	"deployment_id" text NOT NULL,
	"path" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "deployment_files_deployment_id_path_pk" PRIMARY KEY("deployment_id","path")
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"id" text PRIMARY KEY NOT NULL,
	"sprout_id" text NOT NULL,
	"version_id" text NOT NULL,
	"created_by" text,
	"file_count" integer NOT NULL,
	"total_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sprouts" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "sprouts" ADD COLUMN "active_deployment_id" text;--> statement-breakpoint
ALTER TABLE "deployment_files" ADD CONSTRAINT "deployment_files_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deployments_sprout_idx" ON "deployments" USING btree ("sprout_id","created_at");--> statement-breakpoint
ALTER TABLE "sprouts" ADD CONSTRAINT "sprouts_slug_unique" UNIQUE("slug");