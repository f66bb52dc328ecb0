-- Files attached to approval comments are readable by whoever may read the record: the download
-- looks the file up in the history's attachments (jsonb containment, this index).
CREATE INDEX IF NOT EXISTS "process_history_attachments_gin" ON "process_history" USING gin ("attachments" jsonb_path_ops);
