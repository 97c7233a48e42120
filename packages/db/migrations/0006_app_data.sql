CREATE TABLE "app_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"sprout_id" text NOT NULL,
	"dataset" text NOT NULL,
	"collection" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_files" (
	"id" text PRIMARY KEY NOT NULL,
	"sprout_id" text NOT NULL,
	"dataset" text NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_users" (
	"id" text PRIMARY KEY NOT NULL,
	"sprout_id" text NOT NULL,
	"dataset" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"sessions_valid_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_documents" ADD CONSTRAINT "app_documents_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_files" ADD CONSTRAINT "app_files_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_documents_list_idx" ON "app_documents" USING btree ("sprout_id","dataset","collection","created_at","id");--> statement-breakpoint
CREATE INDEX "app_files_scope_idx" ON "app_files" USING btree ("sprout_id","dataset");--> statement-breakpoint
CREATE UNIQUE INDEX "app_users_email_idx" ON "app_users" USING btree ("sprout_id","dataset","email");