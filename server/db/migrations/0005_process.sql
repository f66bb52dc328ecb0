-- Approval processes (schemas/process): definitions and their immutable versions, running
-- instances (the engine's state, updated only on its revision: a task completes exactly once),
-- their task rows (to-do/done lists), history, cc readers, the callback outbox, timers (the
-- scheduler's state survives restarts), approver matrices (juZhen), user groups and the
-- batch-approval whitelist. At most one live (running or returned) instance per record.
CREATE TABLE IF NOT EXISTS "process_definitions" (
	"code" varchar(64) PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"form_code" varchar(64),
	"enabled" boolean DEFAULT true NOT NULL,
	"draft" jsonb,
	"draft_version" integer DEFAULT 1 NOT NULL,
	"latest_version" integer DEFAULT 0 NOT NULL,
	"row_mod_user" varchar(32),
	"row_mod_date" varchar(100)
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "process_definition_versions" (
	"code" varchar(64) NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" varchar(32),
	CONSTRAINT "process_definition_versions_code_version_pk" PRIMARY KEY("code","version")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "process_instances" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"record_id" varchar(19) NOT NULL,
	"form_code" varchar(64) NOT NULL,
	"form_version" integer NOT NULL,
	"process_code" varchar(64) NOT NULL,
	"process_version" integer NOT NULL,
	"applicant_id" varchar(19) NOT NULL,
	"status" varchar(16) NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"state" jsonb NOT NULL,
	"current_nodes" varchar(500),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "process_tasks" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"instance_id" varchar(19) NOT NULL,
	"record_id" varchar(19) NOT NULL,
	"node_id" varchar(64) NOT NULL,
	"assignee_id" varchar(19) NOT NULL,
	"status" varchar(16) NOT NULL,
	"origin" varchar(24) DEFAULT 'node' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"comment" text
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "process_history" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"instance_id" varchar(19) NOT NULL,
	"record_id" varchar(19) NOT NULL,
	"seq" integer NOT NULL,
	"action" varchar(24) NOT NULL,
	"actor_id" varchar(19),
	"node_id" varchar(64),
	"task_id" varchar(19),
	"comment" text,
	"attachments" jsonb,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "process_cc" (
	"instance_id" varchar(19) NOT NULL,
	"record_id" varchar(19) NOT NULL,
	"user_id" varchar(19) NOT NULL,
	"node_id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "process_cc_instance_id_user_id_node_id_pk" PRIMARY KEY("instance_id","user_id","node_id")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "process_outbox" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"instance_id" varchar(19) NOT NULL,
	"record_id" varchar(19) NOT NULL,
	"process_code" varchar(64) NOT NULL,
	"event" varchar(24) NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "process_jobs" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"instance_id" varchar(19) NOT NULL,
	"task_id" varchar(19) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_error" text
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "approver_matrices" (
	"code" varchar(64) PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"keys" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"row_mod_user" varchar(32),
	"row_mod_date" varchar(100)
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "approver_matrix_rows" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"matrix_code" varchar(64) NOT NULL,
	"keys" jsonb NOT NULL,
	"cells" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "user_groups" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" jsonb NOT NULL,
	CONSTRAINT "user_groups_code_unique" UNIQUE("code")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "user_group_members" (
	"group_id" varchar(19) NOT NULL,
	"user_id" varchar(19) NOT NULL,
	CONSTRAINT "user_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "batch_approvers" (
	"user_id" varchar(19) PRIMARY KEY NOT NULL,
	"added_by" varchar(32),
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "approver_matrix_rows" ADD CONSTRAINT "approver_matrix_rows_matrix_code_approver_matrices_code_fk" FOREIGN KEY ("matrix_code") REFERENCES "public"."approver_matrices"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_approvers" ADD CONSTRAINT "batch_approvers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_cc" ADD CONSTRAINT "process_cc_instance_id_process_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."process_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_definition_versions" ADD CONSTRAINT "process_definition_versions_code_process_definitions_code_fk" FOREIGN KEY ("code") REFERENCES "public"."process_definitions"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_history" ADD CONSTRAINT "process_history_instance_id_process_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."process_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_instances" ADD CONSTRAINT "process_instances_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_tasks" ADD CONSTRAINT "process_tasks_instance_id_process_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."process_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "approver_matrix_rows_matrix_idx" ON "approver_matrix_rows" USING btree ("matrix_code","sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_cc_user_idx" ON "process_cc" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_definitions_form_idx" ON "process_definitions" USING btree ("form_code");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "process_history_instance_seq_uq" ON "process_history" USING btree ("instance_id","seq");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_history_record_idx" ON "process_history" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_instances_record_idx" ON "process_instances" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_instances_status_idx" ON "process_instances" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_instances_applicant_idx" ON "process_instances" USING btree ("applicant_id","started_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_jobs_due_idx" ON "process_jobs" USING btree ("due_at") WHERE "process_jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_jobs_task_idx" ON "process_jobs" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_outbox_due_idx" ON "process_outbox" USING btree ("next_at") WHERE "process_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_outbox_status_idx" ON "process_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_tasks_assignee_idx" ON "process_tasks" USING btree ("assignee_id","status","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_tasks_instance_idx" ON "process_tasks" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_tasks_due_idx" ON "process_tasks" USING btree ("due_at") WHERE "process_tasks"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "process_instances_record_live_uq" ON "process_instances" USING btree ("record_id") WHERE "process_instances"."status" in ('running', 'returned');
