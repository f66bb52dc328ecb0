// First-start seed of approvals: the catalog processes (schemas/catalog CATALOG_PROCESSES) as
// enabled processes bound to their forms with a published version 1; with the demo data, the
// regional approval matrix (quYuShenPiJuZhen: dealer → regional director xuqiang), two user
// groups, lina on the batch-approval whitelist, and a running instance for every demo document
// seeded "in approval" (so the seeded data agrees with the engine: tasks, history, fields).
import { eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import type { Tx } from '../db/client';
import * as t from '../db/schema';
import { newId } from '../lib/ids';
import { nowText } from '../lib/time';
import { APPROVAL_STATUS, CATALOG_BY_CODE, CATALOG_PROCESSES } from '../../schemas';
import { startInstance } from '../modules/process/steps';

export const REGION_MATRIX = 'quYuShenPiJuZhen';

export async function seedProcesses(tx: Tx) {
  for (const p of CATALOG_PROCESSES) {
    const definition = { ...structuredClone(p), version: 1 };
    await tx
      .insert(t.processDefinitions)
      .values({
        code: p.code,
        name: p.name,
        formCode: p.formCode ?? null,
        enabled: true,
        draft: null,
        latestVersion: 1,
        rowModUser: 'admin',
        rowModDate: nowText(),
      })
      .onConflictDoNothing();
    await tx.insert(t.processDefinitionVersions).values({ code: p.code, version: 1, definition, publishedBy: 'admin' }).onConflictDoNothing();
  }
}

const userIdOf = async (tx: Tx, username: string) => (await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.username, username)))[0]?.id;

/** The demo side of approvals: the regional matrix, user groups, the batch whitelist. */
export async function seedProcessDemo(tx: Tx) {
  const xuqiang = await userIdOf(tx, 'xuqiang');
  const lina = await userIdOf(tx, 'lina');
  const sunli = await userIdOf(tx, 'sunli');
  const dealers = await tx.select({ id: t.dealers.id }).from(t.dealers).orderBy(t.dealers.sort);
  await tx.insert(t.approverMatrices).values({
    code: REGION_MATRIX,
    name: { 'zh-CN': '区域审批矩阵', 'en-US': 'Regional approval matrix', 'zh-TW': '區域審批矩陣' },
    keys: [{ key: 'jingXiaoShang', name: '经销商' }],
    columns: [{ key: 'quYuZongJian', name: '大区总监' }],
    rowModUser: 'admin',
  });
  if (xuqiang && dealers.length) {
    await tx
      .insert(t.approverMatrixRows)
      .values(dealers.map((d, i) => ({ id: newId(), matrixCode: REGION_MATRIX, keys: { jingXiaoShang: d.id }, cells: { quYuZongJian: [xuqiang] }, sort: i })));
  }
  const groups = [
    { code: 'huaDongShenPiZu', name: { 'zh-CN': '华东审批组', 'en-US': 'East region approvers', 'zh-TW': '華東審批組' }, members: [lina, xuqiang] },
    { code: 'caiWuShenHeZu', name: { 'zh-CN': '财务审核组', 'en-US': 'Finance reviewers', 'zh-TW': '財務審核組' }, members: [sunli] },
  ];
  for (const g of groups) {
    const id = newId();
    await tx.insert(t.userGroups).values({ id, code: g.code, name: g.name });
    const members = g.members.filter((m): m is string => !!m);
    if (members.length) await tx.insert(t.userGroupMembers).values(members.map((userId) => ({ groupId: id, userId })));
  }
  if (lina) await tx.insert(t.batchApprovers).values({ userId: lina, addedBy: 'admin' });
}

/** A running instance for each demo document seeded in approval (after the demo records). */
export async function startDemoInstances(ctx: AppContext, tx: Tx) {
  const inApproval = await tx.select().from(t.records).where(eq(t.records.shenPiZhuangTai, APPROVAL_STATUS.IN_APPROVAL.code));
  for (const record of inApproval) {
    const formDef = CATALOG_BY_CODE.get(record.formCode);
    const [u] = await tx.select().from(t.users).where(eq(t.users.id, record.rowCreateId));
    if (!formDef || !u) continue;
    const user: SessionUser = {
      sessionId: '',
      userId: u.id,
      username: u.username,
      kind: 'employee',
      employeeId: u.employeeId,
      dealerId: null,
      isAdmin: u.isAdmin,
      displayName: u.displayName,
      mobile: u.mobile,
      jiaoJieRenIds: [],
      duoYuYanType: u.duoYuYanType,
    };
    await startInstance(ctx, tx, { user, record, formDef: { ...formDef, version: record.definitionVersion }, locale: 'zh-CN' });
  }
}
