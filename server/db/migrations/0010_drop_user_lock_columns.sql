-- The sign-in lockout is per (account, client address) in the server (server/modules/auth/lockout.ts);
-- the account-wide columns it replaced are no longer read or written.
ALTER TABLE "users" DROP COLUMN IF EXISTS "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN IF EXISTS "locked_until";
