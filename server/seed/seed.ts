// First-start seed. Always: roles, the portal menu and its grants, the admin user, language keys
// (missing keys are added on every start) and the catalog definitions. Unless SEED_DEMO=0: the
// demo organisation, the demo users and the master data. Production refuses to start while a
// seeded demo password is still in use.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import * as t from '../db/schema';
import { postMovement } from '../modules/expense/ledger';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { RESOURCES, NAMESPACES, flattenMessages } from '../../schemas/locales';
import { LOCALES } from '../../schemas/constants';
import * as D from './demoData';
import { seedSettings } from './settingsSeed';
import { DEALER_MENU, EMPLOYEE_MENU, type MenuSeed } from './menuData';
import { catalogDefinitions } from './catalog';
import { seedDemoRecords } from './demoRecords';
import { seedDemoBusiness } from './demoBusiness';
import { seedProcessDemo, seedProcesses, startDemoInstances } from './processes';
import { publishDefinitionTx } from '../modules/definitions/repository';

export const DEMO_PASSWORDS = { admin: 'Admin@123', user: 'Demo@123' } as const;
const SEEDED_KEY = 'seeded';

export async function seedIfEmpty(ctx: AppContext) {
  const [done] = await ctx.db.select().from(t.settings).where(eq(t.settings.key, SEEDED_KEY));
  if (!done) {
    await ctx.db.transaction(async (tx) => {
      // another process may be seeding the same PostgreSQL: the first one wins
      const claimed = await tx
        .insert(t.settings)
        .values({ key: SEEDED_KEY, value: { at: new Date().toISOString() } })
        .onConflictDoNothing()
        .returning();
      if (claimed.length === 0) return;
      await seedBase(ctx, tx);
      if (ctx.config.seedDemo) await seedDemo(ctx, tx);
      await seedCatalog(tx);
      await seedSettings(tx, { demo: ctx.config.seedDemo });
      await seedProcesses(tx);
      if (ctx.config.seedDemo) {
        await seedProcessDemo(tx);
        await seedDemoRecords(tx);
        await startDemoInstances(ctx, tx);
      }
    });
  }
  await seedLanguageKeys(ctx);
  if (ctx.config.production) {
    const demo = await ctx.db
      .select({ u: t.users.username })
      .from(t.users)
      .where(and(eq(t.users.demoPassword, true), eq(t.users.disabled, false)));
    if (demo.length > 0) {
      throw new Error(
        `NODE_ENV=production: refusing to start while demo passwords are in use (${demo.map((d) => d.u).join(', ')}); change them or set ADMIN_PASSWORD / SEED_DEMO=0 on first start`,
      );
    }
  }
}

/**
 * After the app is ready (its routes and record hooks registered), with the demo data: the demo
 * fiscal year's documents in every state, made through the app's own routes (demoBusiness.ts),
 * once. The server calls it when SEED_BUSINESS is on (npm start, e2e); the test apps leave it
 * off (it takes seconds) and the tests that need it call seedDemoBusiness themselves. A failure
 * is logged and the server starts anyway (demo data never blocks a start).
 */
export async function seedBusinessIfEmpty(app: FastifyInstance, ctx: AppContext): Promise<boolean> {
  if (!ctx.config.seedDemo) return false;
  try {
    return await seedDemoBusiness(app, ctx);
  } catch (err) {
    app.log.error({ err }, 'the demo business (documents of the demo year) could not be seeded');
    return false;
  }
}

async function seedBase(ctx: AppContext, tx: Tx) {
  const roles = [
    { code: 'admin', name: { 'zh-CN': '系统管理员', 'en-US': 'Administrator', 'zh-TW': '系統管理員' }, portal: 'emp' },
    { code: 'employee', name: { 'zh-CN': '员工', 'en-US': 'Employee', 'zh-TW': '員工' }, portal: 'emp' },
    { code: 'deptLeader', name: { 'zh-CN': '部门负责人', 'en-US': 'Department leader', 'zh-TW': '部門負責人' }, portal: 'emp' },
    { code: 'dealer', name: { 'zh-CN': '经销商', 'en-US': 'Dealer', 'zh-TW': '經銷商' }, portal: 'dp' },
    { code: 'caiWuZhuGuan', name: { 'zh-CN': '财务主管', 'en-US': 'Finance supervisor', 'zh-TW': '財務主管' }, portal: 'emp' },
  ].map((r) => ({ id: newId(), ...r }));
  await tx.insert(t.roles).values(roles);
  const roleId = new Map(roles.map((r) => [r.code, r.id]));

  const insertMenu = async (items: MenuSeed[], portal: string, parentId: string | null) => {
    let sort = 0;
    for (const m of items) {
      const id = newId();
      await tx.insert(t.menus).values({
        id,
        parentId,
        name: { 'zh-CN': m.name[0], 'en-US': m.name[1], 'zh-TW': m.name[2] },
        path: m.path ?? null,
        icon: m.icon ?? null,
        portal,
        sort: sort++,
      });
      const grants = new Set([...(m.roles ?? []), ...(portal === 'emp' ? ['admin'] : [])]);
      if (grants.size) await tx.insert(t.roleMenus).values([...grants].map((code) => ({ roleId: roleId.get(code)!, menuId: id })));
      if (m.children) await insertMenu(m.children, portal, id);
    }
  };
  await insertMenu(EMPLOYEE_MENU, 'emp', null);
  await insertMenu(DEALER_MENU, 'dp', null);

  const adminPassword = ctx.config.adminPassword ?? DEMO_PASSWORDS.admin;
  const adminId = newId();
  await tx.insert(t.users).values({
    id: adminId,
    username: 'admin',
    passwordHash: await hashPassword(adminPassword, ctx.config.testMode),
    kind: 'employee',
    displayName: '系统管理员',
    isAdmin: true,
    demoPassword: adminPassword === DEMO_PASSWORDS.admin,
  });
  await tx.insert(t.userRoles).values({ userId: adminId, roleId: roleId.get('admin')! });
}

async function seedDemo(ctx: AppContext, tx: Tx) {
  const deptId = new Map<string, string>();
  for (const d of D.DEPARTMENTS) deptId.set(d.code, newId());
  await tx
    .insert(t.departments)
    .values(D.DEPARTMENTS.map((d, i) => ({ id: deptId.get(d.code)!, code: d.code, name: d.name, parentId: d.parent ? deptId.get(d.parent)! : null, sort: i })));
  const postId = new Map<string, string>(D.POSTS.map((p) => [p.code, newId()]));
  await tx.insert(t.posts).values(D.POSTS.map((p, i) => ({ id: postId.get(p.code)!, code: p.code, name: p.name, sort: i })));
  const empId = new Map<string, string>(D.EMPLOYEES.map((e) => [e.code, newId()]));
  await tx.insert(t.employees).values(
    D.EMPLOYEES.map((e, i) => ({
      id: empId.get(e.code)!,
      code: e.code,
      name: e.name,
      mobile: e.mobile,
      departmentId: deptId.get(e.dept)!,
      postId: postId.get(e.post)!,
      isAreaManager: e.areaManager,
      sort: i,
    })),
  );
  // department leaders: the area managers lead their regions
  for (const e of D.EMPLOYEES.filter((x) => x.areaManager)) {
    await tx
      .update(t.departments)
      .set({ leaderId: empId.get(e.code)! })
      .where(eq(t.departments.id, deptId.get(e.dept)!));
  }

  const md = async (
    kind: string,
    rows: { code: string; name: string; names?: unknown; parentId?: string | null; level?: number | null; refType?: string | null; extra?: unknown }[],
  ) => {
    const ids = new Map<string, string>();
    const values = rows.map((r, i) => {
      const id = newId();
      ids.set(r.code, id);
      return {
        id,
        kind,
        code: r.code,
        name: r.name,
        names: r.names ?? null,
        parentId: r.parentId ?? null,
        level: r.level ?? null,
        refType: r.refType ?? null,
        extra: r.extra ?? null,
        sort: i,
      };
    });
    if (values.length) await tx.insert(t.masterData).values(values);
    return ids;
  };

  const provinces = await md(
    'province',
    D.PROVINCES.map((p) => ({ ...p })),
  );
  const channels = new Map<string, string>();
  for (const c of D.CHANNELS) channels.set(c.code, newId());
  await tx.insert(t.masterData).values(
    D.CHANNELS.map((c, i) => ({
      id: channels.get(c.code)!,
      kind: 'channel',
      code: c.code,
      name: c.name,
      names: { 'zh-CN': c.name, 'en-US': c.en, 'zh-TW': c.tw },
      parentId: c.parent ? channels.get(c.parent)! : null,
      level: c.parent ? 2 : 1,
      sort: i,
    })),
  );
  const dealerId = new Map<string, string>(D.DEALERS.map((d) => [d.code, newId()]));
  await tx.insert(t.dealers).values(
    D.DEALERS.map((d, i) => ({
      id: dealerId.get(d.code)!,
      code: d.code,
      name: d.name,
      provinceId: provinces.get(d.province)!,
      channelId: channels.get(d.channel)!,
      departmentId: deptId.get(d.dept)!,
      contact: d.contact,
      mobile: d.mobile,
      sort: i,
    })),
  );
  const chains = await md(
    'chainSystem',
    D.CHAIN_SYSTEMS.map((c) => ({ ...c })),
  );
  await md(
    'outlet',
    D.OUTLETS.map((o) => ({
      code: o.code,
      name: o.name,
      parentId: dealerId.get(o.dealer)!,
      extra: { dealerId: dealerId.get(o.dealer)!, chainSystemId: o.chain ? chains.get(o.chain)! : null },
    })),
  );
  const subjects = new Map<string, string>();
  for (const s of D.EXPENSE_SUBJECTS) subjects.set(s.code, newId());
  await tx.insert(t.masterData).values(
    D.EXPENSE_SUBJECTS.map((s, i) => ({
      id: subjects.get(s.code)!,
      kind: 'expenseSubject',
      code: s.code,
      name: s.name,
      parentId: s.parent ? subjects.get(s.parent)! : null,
      level: s.level,
      sort: i,
    })),
  );
  const brands = await md(
    'brand',
    D.BRANDS.map((b) => ({ ...b })),
  );
  await md(
    'category',
    D.CATEGORIES.map((c) => ({ ...c })),
  );
  const series = await md(
    'series',
    D.SERIES.map((s) => ({ code: s.code, name: s.name, parentId: brands.get(s.brand)! })),
  );
  await md(
    'sku',
    D.SKUS.map((s) => ({ code: s.code, name: s.name, parentId: series.get(s.series)! })),
  );
  await md(
    'product',
    D.SKUS.map((s) => ({ code: s.code, name: s.name.replace(/ .*$/, ''), parentId: series.get(s.series)! })),
  );
  const fiscalYears = await md(
    'fiscalYear',
    D.FISCAL_YEARS.map((f) => ({ ...f })),
  );
  await md(
    'refCode',
    D.REF_CODES.map((r) => ({ code: r.code, name: r.name, refType: r.refType, names: { 'zh-CN': r.name, 'en-US': r.en, 'zh-TW': r.tw } })),
  );
  await md(
    'costCenter',
    D.COST_CENTERS.map((c) => ({ ...c })),
  );
  await md(
    'organization',
    D.ORGANIZATIONS.map((c) => ({ ...c })),
  );
  await md(
    'supplier',
    D.SUPPLIERS.map((c) => ({ ...c })),
  );
  await md(
    'soldToParty',
    D.SOLD_TO_PARTIES.map((c) => ({ ...c })),
  );
  await md(
    'salesMaterial',
    D.SALES_MATERIALS.map((c) => ({ ...c })),
  );
  await md(
    'specialActivity',
    D.SPECIAL_ACTIVITIES.map((c) => ({ ...c })),
  );
  await md(
    'potentialCustomer',
    D.POTENTIAL_CUSTOMERS.map((c) => ({ ...c })),
  );
  await md(
    'task',
    D.TASKS.map((c) => ({ ...c })),
  );

  // budget pools: loaded through the ledger (the opening budget, and what earlier periods consumed)
  for (const [i, b] of D.BUDGET_POOLS.entries()) {
    const poolId = newId();
    await tx.insert(t.budgetPools).values({
      id: poolId,
      code: b.code,
      name: b.name,
      fiscalYearId: fiscalYears.get(b.fy)!,
      departmentId: deptId.get(b.dept)!,
      channelId: channels.get(b.channel)!,
      subjectId: subjects.get(b.subject)!,
      amount: '0',
      controlMode: b.control,
      tolerancePct: b.tolerance,
      sort: i,
    });
    await postMovement(tx, { poolId, kind: 'load', amount: b.amount, memo: '年度预算导入', userId: 'system', action: 'load' });
    if (b.used !== '0.00') await postMovement(tx, { poolId, kind: 'occupy', amount: b.used, memo: '期初已占用', userId: 'system', action: 'load' });
    if (b.used !== '0.00') await postMovement(tx, { poolId, kind: 'consume', amount: b.used, memo: '期初已使用', userId: 'system', action: 'load' });
  }

  // users
  const roleIds = new Map((await tx.select().from(t.roles)).map((r) => [r.code, r.id]));
  const [admin] = await tx.select().from(t.users).where(eq(t.users.username, 'admin'));
  await tx
    .update(t.users)
    .set({ employeeId: empId.get('E0001')!, mobile: '13800000001' })
    .where(eq(t.users.id, admin.id));
  const demoUsers = [
    { username: 'zhangwei', emp: 'E1001', roles: ['employee'] },
    { username: 'lina', emp: 'E1002', roles: ['employee', 'deptLeader'] },
    // approvers of the seeded processes: the regional director (the matrix) and finance
    { username: 'xuqiang', emp: 'E1011', roles: ['employee'] },
    { username: 'sunli', emp: 'E1012', roles: ['employee', 'caiWuZhuGuan'] },
  ];
  for (const u of demoUsers) {
    const e = D.EMPLOYEES.find((x) => x.code === u.emp)!;
    const id = newId();
    await tx.insert(t.users).values({
      id,
      username: u.username,
      passwordHash: await hashPassword(DEMO_PASSWORDS.user, ctx.config.testMode),
      kind: 'employee',
      employeeId: empId.get(u.emp)!,
      displayName: e.name,
      mobile: e.mobile,
      demoPassword: true,
    });
    await tx.insert(t.userRoles).values(u.roles.map((r) => ({ userId: id, roleId: roleIds.get(r)! })));
  }
  const dealerUserId = newId();
  await tx.insert(t.users).values({
    id: dealerUserId,
    username: 'dealer01',
    passwordHash: await hashPassword(DEMO_PASSWORDS.user, ctx.config.testMode),
    kind: 'dealer',
    dealerId: dealerId.get('JXS0001')!,
    displayName: '陈国华',
    mobile: '13901652233',
    demoPassword: true,
  });
  await tx.insert(t.userRoles).values({ userId: dealerUserId, roleId: roleIds.get('dealer')! });
}

async function seedCatalog(tx: Tx) {
  for (const def of catalogDefinitions()) {
    await tx
      .insert(t.formDefinitions)
      .values({
        code: def.code,
        name: def.name,
        formType: def.formType,
        rowModUser: 'admin',
        rowModDate: sql`to_char(now(), 'YYYY-MM-DD HH24:MI:SS')` as unknown as string,
      })
      .onConflictDoNothing();
    await publishDefinitionTx(tx, { ...def, version: 0 }, 'admin');
  }
}

/** Language keys from the bundled locale files; keys edited by an administrator are kept. */
async function seedLanguageKeys(ctx: AppContext) {
  const values: { locale: string; namespace: string; key: string; value: string }[] = [];
  for (const locale of LOCALES) {
    for (const ns of NAMESPACES) {
      for (const [key, value] of Object.entries(flattenMessages(RESOURCES[locale][ns] ?? {}))) values.push({ locale, namespace: ns, key, value });
    }
  }
  for (let i = 0; i < values.length; i += 500) {
    await ctx.db
      .insert(t.languageKeys)
      .values(values.slice(i, i + 500))
      .onConflictDoNothing();
  }
}
