CREATE TABLE "app_secrets" (
	"sprout_id" text NOT NULL,
	"dataset" text NOT NULL,
	"name" text NOT NULL,
	"sealed" text NOT NULL,
	"key_id" text NOT NULL,
	"hint" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_secrets_sprout_id_dataset_name_pk" PRIMARY KEY("sprout_id","dataset","name")
);
--> statement-breakpoint
CREATE TABLE "function_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "function_calls_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sprout_id" text NOT NULL,
	"dataset" text NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"status" integer,
	"outcome" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"logs" jsonb NOT NULL,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "function_schedule_runs" (
	"sprout_id" text NOT NULL,
	"dataset" text NOT NULL,
	"name" text NOT NULL,
	"last_due_at" timestamp with time zone NOT NULL,
	CONSTRAINT "function_schedule_runs_sprout_id_dataset_name_pk" PRIMARY KEY("sprout_id","dataset","name")
);
--> statement-breakpoint
ALTER TABLE "app_secrets" ADD CONSTRAINT "app_secrets_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_calls" ADD CONSTRAINT "function_calls_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "function_schedule_runs" ADD CONSTRAINT "function_schedule_runs_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "function_calls_list_idx" ON "function_calls" USING btree ("sprout_id","dataset","seq");