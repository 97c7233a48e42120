CREATE TABLE "app_ai_settings" (
	"sprout_id" text PRIMARY KEY NOT NULL,
	"monthly_token_cap" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_ai_usage" (
	"sprout_id" text NOT NULL,
	"dataset" text NOT NULL,
	"month" text NOT NULL,
	"tokens_in" integer DEFAULT 0 NOT NULL,
	"tokens_out" integer DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_ai_usage_sprout_id_dataset_month_pk" PRIMARY KEY("sprout_id","dataset","month")
);
--> statement-breakpoint
ALTER TABLE "app_ai_settings" ADD CONSTRAINT "app_ai_settings_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_ai_usage" ADD CONSTRAINT "app_ai_usage_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;