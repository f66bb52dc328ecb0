ALTER TABLE "expense_amounts" ADD COLUMN IF NOT EXISTS "prepaying" numeric(20, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_amounts" ADD COLUMN IF NOT EXISTS "prepaid" numeric(20, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_amounts" ADD COLUMN IF NOT EXISTS "repaying" numeric(20, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_amounts" ADD COLUMN IF NOT EXISTS "repaid" numeric(20, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_amounts" ADD CONSTRAINT "expense_amounts_prepay_nonnegative_check" CHECK ("expense_amounts"."prepaying" >= 0 AND "expense_amounts"."prepaid" >= 0 AND "expense_amounts"."repaying" >= 0 AND "expense_amounts"."repaid" >= 0);--> statement-breakpoint
ALTER TABLE "expense_amounts" ADD CONSTRAINT "expense_amounts_prepaid_check" CHECK ("expense_amounts"."prepaid" + "expense_amounts"."prepaying" <= "expense_amounts"."applied");--> statement-breakpoint
ALTER TABLE "expense_amounts" ADD CONSTRAINT "expense_amounts_repaid_check" CHECK ("expense_amounts"."repaid" + "expense_amounts"."repaying" <= "expense_amounts"."prepaid");
