-- Budget control (issue 15, docs/expense.md). A pool's money is three running totals kept in
-- step with its ledger: amount (loaded, changed, transferred, allocated), occupied (held by
-- applications in approval or approved and not yet settled) and consumed (settled). Its
-- available balance is amount − occupied − consumed. Every movement is one budget_ledger row
-- whose d_* columns are the changes it made, so each total is the sum of its ledger column.
-- Under hard control the check keeps the available balance from going below zero; soft control
-- (a tolerance below zero) and none are enforced by the movement's conditional update.
ALTER TABLE "budget_pools" ADD COLUMN IF NOT EXISTS "occupied" numeric(20, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_pools" ADD COLUMN IF NOT EXISTS "consumed" numeric(20, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_pools" ADD COLUMN IF NOT EXISTS "control_mode" varchar(8) DEFAULT 'hard' NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_pools" ADD COLUMN IF NOT EXISTS "tolerance_pct" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "budget_pools" ADD COLUMN IF NOT EXISTS "product_id" varchar(19);--> statement-breakpoint
ALTER TABLE "budget_pools" ADD COLUMN IF NOT EXISTS "brand_id" varchar(19);--> statement-breakpoint
ALTER TABLE "budget_pools" ADD COLUMN IF NOT EXISTS "parent_id" varchar(19);--> statement-breakpoint
ALTER TABLE "budget_pools" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_pools" ADD COLUMN IF NOT EXISTS "row_mod_user" varchar(32);--> statement-breakpoint
ALTER TABLE "budget_pools" ADD COLUMN IF NOT EXISTS "row_mod_date" varchar(100);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "budget_ledger" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"pool_id" varchar(19) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"d_amount" numeric(20, 2) DEFAULT 0 NOT NULL,
	"d_occupied" numeric(20, 2) DEFAULT 0 NOT NULL,
	"d_consumed" numeric(20, 2) DEFAULT 0 NOT NULL,
	"available_after" numeric(20, 2) NOT NULL,
	"application_id" varchar(19),
	"line_id" varchar(64),
	"record_id" varchar(19),
	"form_code" varchar(64),
	"action" varchar(16),
	"memo" text,
	"created_by" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_ledger_kind_check" CHECK ("budget_ledger"."kind" in ('load', 'change', 'transferIn', 'transferOut', 'allocateIn', 'allocateOut', 'occupy', 'release', 'consume', 'unconsume'))
);--> statement-breakpoint
ALTER TABLE "budget_ledger" ADD CONSTRAINT "budget_ledger_pool_id_budget_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."budget_pools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "budget_ledger_pool_idx" ON "budget_ledger" USING btree ("pool_id", "seq");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "budget_ledger_application_idx" ON "budget_ledger" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "budget_ledger_record_idx" ON "budget_ledger" USING btree ("record_id");--> statement-breakpoint
-- the opening balance of pools that existed before the ledger: loaded amount, and what was used as consumed
INSERT INTO "budget_ledger" ("id", "pool_id", "kind", "d_amount", "available_after", "memo", "created_by")
	SELECT lpad((1000000000000000000::numeric + row_number() OVER (ORDER BY "id"))::text, 19, '0'), "id", 'load', "amount", "amount", '期初预算', 'system' FROM "budget_pools" WHERE "amount" <> 0;--> statement-breakpoint
INSERT INTO "budget_ledger" ("id", "pool_id", "kind", "d_consumed", "available_after", "memo", "created_by")
	SELECT lpad((1100000000000000000::numeric + row_number() OVER (ORDER BY "id"))::text, 19, '0'), "id", 'consume', "used", "amount" - "used", '期初已使用', 'system' FROM "budget_pools" WHERE "used" <> 0;--> statement-breakpoint
UPDATE "budget_pools" SET "consumed" = "used";--> statement-breakpoint
ALTER TABLE "budget_pools" DROP COLUMN IF EXISTS "used";--> statement-breakpoint
ALTER TABLE "budget_pools" ADD CONSTRAINT "budget_pools_control_mode_check" CHECK ("budget_pools"."control_mode" in ('hard', 'soft', 'none'));--> statement-breakpoint
ALTER TABLE "budget_pools" ADD CONSTRAINT "budget_pools_totals_check" CHECK ("budget_pools"."occupied" >= 0 AND "budget_pools"."consumed" >= 0);--> statement-breakpoint
ALTER TABLE "budget_pools" ADD CONSTRAINT "budget_pools_hard_check" CHECK ("budget_pools"."control_mode" <> 'hard' OR "budget_pools"."amount" - "budget_pools"."occupied" - "budget_pools"."consumed" >= 0);--> statement-breakpoint
-- What an expense application's money has become, along its chain (application → settlement →
-- write-offs → payments). `*_pending` is held by documents in approval (a write-off or payment
-- submitted and not yet approved), so two of them can never together exceed what is left.
CREATE TABLE IF NOT EXISTS "expense_amounts" (
	"application_id" varchar(19) PRIMARY KEY NOT NULL,
	"form_code" varchar(64) NOT NULL,
	"applied" numeric(20, 2) DEFAULT 0 NOT NULL,
	"occupied" numeric(20, 2) DEFAULT 0 NOT NULL,
	"settled" numeric(20, 2) DEFAULT 0 NOT NULL,
	"released" numeric(20, 2) DEFAULT 0 NOT NULL,
	"writing_off" numeric(20, 2) DEFAULT 0 NOT NULL,
	"written_off" numeric(20, 2) DEFAULT 0 NOT NULL,
	"paying" numeric(20, 2) DEFAULT 0 NOT NULL,
	"paid" numeric(20, 2) DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_amounts_nonnegative_check" CHECK ("expense_amounts"."occupied" >= 0 AND "expense_amounts"."settled" >= 0 AND "expense_amounts"."writing_off" >= 0 AND "expense_amounts"."written_off" >= 0 AND "expense_amounts"."paying" >= 0 AND "expense_amounts"."paid" >= 0),
	CONSTRAINT "expense_amounts_write_off_check" CHECK ("expense_amounts"."written_off" + "expense_amounts"."writing_off" <= "expense_amounts"."settled"),
	CONSTRAINT "expense_amounts_paid_check" CHECK ("expense_amounts"."paid" + "expense_amounts"."paying" <= "expense_amounts"."written_off")
);--> statement-breakpoint
ALTER TABLE "expense_amounts" ADD CONSTRAINT "expense_amounts_application_id_records_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;
