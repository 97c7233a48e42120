CREATE TABLE "app_email_settings" (
	"sprout_id" text PRIMARY KEY NOT NULL,
	"sender_name" text,
	"reply_to" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_email_unsubscribes" (
	"sprout_id" text NOT NULL,
	"dataset" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_email_unsubscribes_sprout_id_dataset_email_pk" PRIMARY KEY("sprout_id","dataset","email")
);
--> statement-breakpoint
CREATE TABLE "app_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "app_emails_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sprout_id" text NOT NULL,
	"dataset" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"transactional" boolean NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"unsubscribe_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_email_settings" ADD CONSTRAINT "app_email_settings_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_email_unsubscribes" ADD CONSTRAINT "app_email_unsubscribes_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_emails" ADD CONSTRAINT "app_emails_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_emails_list_idx" ON "app_emails" USING btree ("sprout_id","dataset","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "app_emails_unsubscribe_idx" ON "app_emails" USING btree ("unsubscribe_token");