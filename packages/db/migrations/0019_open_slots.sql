CREATE TABLE "open_slots" (
	"key" text NOT NULL,
	"instance" text NOT NULL,
	"open" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_slots_key_instance_pk" PRIMARY KEY("key","instance")
);
