CREATE TABLE "flag_settings" (
	"scope" text NOT NULL,
	"target" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flag_settings_scope_target_key_pk" PRIMARY KEY("scope","target","key"),
	CONSTRAINT "flag_settings_scope_check" CHECK (("flag_settings"."scope" = 'global' and "flag_settings"."target" = '') or ("flag_settings"."scope" = 'plan' and "flag_settings"."target" <> ''))
);
--> statement-breakpoint
ALTER TABLE "flag_settings" ADD CONSTRAINT "flag_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_name_occurred_idx" ON "analytics_events" USING btree ("name","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_idx" ON "analytics_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "runs_created_idx" ON "runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sprouts_created_idx" ON "sprouts" USING btree ("created_at");