// Maintenance mode: on when MAINTENANCE=1 or when an admin switched it on (kept in `settings`,
// re-read every few seconds so several server processes agree).
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { settings } from '../../db/schema';

const KEY = 'maintenance';
let lastRead = 0;

export async function refreshMaintenance(ctx: AppContext, force = false) {
  if (!force && Date.now() - lastRead < 3000) return ctx.maintenance.enabled;
  lastRead = Date.now();
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, KEY));
  ctx.maintenance.enabled = ctx.config.maintenance || (row?.value as { enabled?: boolean } | undefined)?.enabled === true;
  return ctx.maintenance.enabled;
}

export async function setMaintenance(ctx: AppContext, enabled: boolean) {
  await ctx.db
    .insert(settings)
    .values({ key: KEY, value: { enabled } })
    .onConflictDoUpdate({ target: settings.key, set: { value: { enabled } } });
  return refreshMaintenance(ctx, true);
}
