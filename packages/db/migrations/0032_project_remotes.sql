CREATE TABLE "project_remotes" (
	"sprout_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"token_sealed" text NOT NULL,
	"token_key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_pushed_at" timestamp with time zone,
	"last_pulled_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "project_remotes" ADD CONSTRAINT "project_remotes_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;