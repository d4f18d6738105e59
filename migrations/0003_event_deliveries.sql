CREATE TABLE "event_deliveries" (
	"event_id" bigint NOT NULL,
	"handler" text NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "event_deliveries_event_id_handler_pk" PRIMARY KEY("event_id","handler"),
	CONSTRAINT "event_deliveries_outcome" CHECK ("event_deliveries"."outcome" in ('acked', 'termed'))
);
--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_outbox_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;