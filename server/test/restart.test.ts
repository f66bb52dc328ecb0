// Restart safety: records survive stopping and starting the server on the same DATA_DIR, and
// the first-start seed does not run twice.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import { users } from '../db/schema';
import { startTestApp } from './helpers';
import { expenseForm } from './fixtures';

describe('restart on the same DATA_DIR', () => {
  it('keeps definitions, records, sessions and numbering', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'formwork-restart-'));
    try {
      let a = await startTestApp({ dataDir });
      const admin = await a.login('admin');
      await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: expenseForm('rs') }, admin);
      await a.post('/emp/api/v2/biaoDan/publish', { code: 'rs' }, admin);
      const created = [];
      for (let i = 0; i < 3; i++)
        created.push((await a.post('/emp/api/v2/biaoDan/record/save', { formCode: 'rs', data: { amount: `${i}.50` } }, admin)).json().data);
      const userCount = (await a.ctx.db.select().from(users)).length;
      await a.stop();

      a = await startTestApp({ dataDir });
      try {
        // the session token issued before the restart is still valid
        const list = (await a.post('/emp/api/v2/biaoDan/record/list', { formCode: 'rs' }, admin)).json().data;
        expect(list.totalRecord).toBe(3);
        expect(list.rows.map((r: { id: string }) => r.id).sort()).toEqual(created.map((c) => c.id).sort());
        expect((await a.ctx.db.select().from(users)).length).toBe(userCount);
        const next = (await a.post('/emp/api/v2/biaoDan/record/save', { formCode: 'rs', data: {} }, admin)).json().data;
        expect(next.number).toBe(`FYSQ${dayjs().format('YYYYMMDD')}0004`);
      } finally {
        await a.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
