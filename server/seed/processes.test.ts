// The approval seed: the catalog processes bound and published, the regional matrix naming the
// regional director for every dealer, the batch whitelist, the new demo approvers' logins, and
// every demo document seeded "in approval" running under an instance the engine wrote (its task
// rows pending, its approval fields the engine's view of the state).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/helpers';
import * as t from '../db/schema';
import { CATALOG_PROCESSES } from '../../schemas';
import { approvalFields } from '../../schemas/process/views';
import type { InstanceState, ProcessDefinition } from '../../schemas/process';

describe('approval seed', () => {
  let a: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
  }, 180_000);
  afterAll(async () => a?.stop());

  it('binds and publishes the catalog processes (v3) to their forms', async () => {
    const defs = await a.ctx.db.select().from(t.processDefinitions);
    expect(defs.map((d) => d.code).sort()).toEqual(CATALOG_PROCESSES.map((p) => p.code).sort());
    for (const d of defs) expect(d).toMatchObject({ enabled: true, latestVersion: 1 });
    const versions = await a.ctx.db.select().from(t.processDefinitionVersions);
    expect(versions).toHaveLength(CATALOG_PROCESSES.length);
    for (const v of versions) expect(v.definition).toMatchObject({ schemaVersion: 3, version: 1 });
  });

  it('seeds the regional matrix (every dealer → xuqiang), groups, the batch whitelist and the approvers’ logins', async () => {
    const ids = new Map((await a.ctx.db.select().from(t.users)).map((u) => [u.username, u.id]));
    const rows = await a.ctx.db.select().from(t.approverMatrixRows).where(eq(t.approverMatrixRows.matrixCode, 'quYuShenPiJuZhen'));
    // the seeded dealers (the harness adds fixture dealers FX… after the seed ran)
    const dealers = (await a.ctx.db.select().from(t.dealers)).filter((d) => !d.code.startsWith('FX'));
    expect(rows).toHaveLength(dealers.length);
    expect(new Set(rows.map((r) => (r.keys as { jingXiaoShang: string }).jingXiaoShang))).toEqual(new Set(dealers.map((d) => d.id)));
    for (const r of rows) expect(r.cells).toEqual({ quYuZongJian: [ids.get('xuqiang')] });
    expect((await a.ctx.db.select().from(t.batchApprovers)).map((b) => b.userId)).toEqual([ids.get('lina')]);
    expect((await a.ctx.db.select().from(t.userGroups)).length).toBeGreaterThanOrEqual(2);
    await a.login('xuqiang');
    await a.login('sunli');
  });

  it('runs every demo document seeded in approval under an instance the engine wrote', async () => {
    const inApproval = await a.ctx.db.select().from(t.records).where(eq(t.records.shenPiZhuangTai, '1'));
    expect(inApproval.length).toBeGreaterThan(0);
    for (const r of inApproval) {
      const [inst] = await a.ctx.db.select().from(t.processInstances).where(eq(t.processInstances.recordId, r.id));
      expect(inst).toMatchObject({ status: 'running', formCode: r.formCode, applicantId: r.rowCreateId, processVersion: 1 });
      expect(r.liuChengId).toBe(inst.id);
      const tasks = await a.ctx.db.select().from(t.processTasks).where(eq(t.processTasks.instanceId, inst.id));
      expect(tasks.filter((x) => x.status === 'pending').length).toBeGreaterThan(0);
      const [v] = await a.ctx.db.select().from(t.processDefinitionVersions).where(eq(t.processDefinitionVersions.code, inst.processCode));
      const f = approvalFields(v.definition as ProcessDefinition, inst.state as InstanceState, inst.id);
      expect({ stateName: r.stateName, shenPiRen: r.shenPiRen, shiYongJueSeId: r.shiYongJueSeId }).toEqual({
        stateName: f.stateName || null,
        shenPiRen: f.shenPiRen,
        shiYongJueSeId: f.shiYongJueSeId,
      });
      const history = await a.ctx.db.select().from(t.processHistory).where(eq(t.processHistory.instanceId, inst.id));
      expect(history.map((h) => h.action)).toContain('start');
    }
  });
});
