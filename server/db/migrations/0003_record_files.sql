-- The files a record's attachment/image fields refer to (main fields and sub-form rows), kept in
-- the record's save transaction: whoever may read the record may download them.
CREATE TABLE IF NOT EXISTS "record_files" (
	"record_id" varchar(19) NOT NULL,
	"file_id" varchar(19) NOT NULL,
	CONSTRAINT "record_files_record_id_file_id_pk" PRIMARY KEY("record_id","file_id")
);--> statement-breakpoint
ALTER TABLE "record_files" ADD CONSTRAINT "record_files_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "record_files_file_idx" ON "record_files" USING btree ("file_id");
