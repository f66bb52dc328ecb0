-- Links between documents as data (schemas/definition.ts LINK_KINDS): from_id is the source
-- document (an application), to_id the document made from it (its settlement, write-off,
-- payment, any derived document). Written in the new document's save transaction; a soft
-- delete of the new document removes the links it made.
-- Uniqueness per kind (the business rules):
--   settles    one settlement per application (from_id), and a settlement settles one application (to_id)
--   writesOff  an application may be written off in parts (many write-offs), a write-off writes off one application (to_id)
--   pays       a payment may pay several documents, a document be paid in parts: the key only
--   derives    the key only
CREATE TABLE IF NOT EXISTS "record_links" (
	"kind" varchar(16) NOT NULL,
	"from_id" varchar(19) NOT NULL,
	"to_id" varchar(19) NOT NULL,
	"created_by" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_links_kind_from_id_to_id_pk" PRIMARY KEY("kind","from_id","to_id"),
	CONSTRAINT "record_links_kind_check" CHECK ("record_links"."kind" in ('settles', 'writesOff', 'pays', 'derives'))
);--> statement-breakpoint
ALTER TABLE "record_links" ADD CONSTRAINT "record_links_from_id_records_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_links" ADD CONSTRAINT "record_links_to_id_records_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "record_links_settles_from_uq" ON "record_links" USING btree ("from_id") WHERE "record_links"."kind" = 'settles';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "record_links_single_source_uq" ON "record_links" USING btree ("to_id") WHERE "record_links"."kind" in ('settles', 'writesOff');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "record_links_to_idx" ON "record_links" USING btree ("to_id");
