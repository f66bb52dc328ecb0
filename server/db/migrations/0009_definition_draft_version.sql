ALTER TABLE "form_definitions" ADD COLUMN IF NOT EXISTS "draft_version" integer DEFAULT 1 NOT NULL;
