import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { verifyPassword } from '../lib/passwords';
import { seedIfEmpty } from './seed';
import { EventBus } from '../context';

async function seeded(env: Record<string, string>) {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
  const ctx = { config: loadConfig({ FORMWORK_TEST_MODE: '1', ...env }), database, db: database.db, maintenance: { enabled: false }, events: new EventBus() };
  return { ctx, database };
}

describe('first-start seed in production mode', () => {
  it('refuses to start while a demo password is in use, and starts with ADMIN_PASSWORD and no demo users', { timeout: 180_000 }, async () => {
    const a = await seeded({ NODE_ENV: 'production' });
    try {
      await expect(seedIfEmpty(a.ctx)).rejects.toThrow(/demo passwords/);
    } finally {
      await a.database.close();
    }
    const b = await seeded({ NODE_ENV: 'production', SEED_DEMO: '0', ADMIN_PASSWORD: 'S3cure-Admin-Pass' });
    try {
      await seedIfEmpty(b.ctx);
      const [admin] = await b.ctx.db.select().from(users).where(eq(users.username, 'admin'));
      expect(admin.demoPassword).toBe(false);
      expect(await verifyPassword('S3cure-Admin-Pass', admin.passwordHash)).toBe(true);
      expect(await verifyPassword('Admin@123', admin.passwordHash)).toBe(false);
      // a second start finds the seed done and stays quiet
      await seedIfEmpty(b.ctx);
      expect((await b.ctx.db.select().from(users)).length).toBe(1);
    } finally {
      await b.database.close();
    }
  });
});
