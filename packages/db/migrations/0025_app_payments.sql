CREATE TABLE "app_payment_events" (
	"sprout_id" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_payment_events_sprout_id_event_id_pk" PRIMARY KEY("sprout_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "app_payment_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "app_payment_orders_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sprout_id" text NOT NULL,
	"dataset" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"items" jsonb NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"success_path" text NOT NULL,
	"cancel_path" text NOT NULL,
	"version_id" text,
	"checkout_token" text,
	"stripe_session_id" text,
	"stripe_payment_intent" text,
	"customer_email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_payment_events" ADD CONSTRAINT "app_payment_events_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_payment_orders" ADD CONSTRAINT "app_payment_orders_sprout_id_sprouts_id_fk" FOREIGN KEY ("sprout_id") REFERENCES "public"."sprouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_payment_orders_list_idx" ON "app_payment_orders" USING btree ("sprout_id","dataset","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "app_payment_orders_token_idx" ON "app_payment_orders" USING btree ("checkout_token");--> statement-breakpoint
CREATE INDEX "app_payment_orders_intent_idx" ON "app_payment_orders" USING btree ("sprout_id","stripe_payment_intent");