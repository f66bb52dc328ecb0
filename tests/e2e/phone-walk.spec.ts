// Issue 17's first "Must show": at 360 × 740 (mobile, touch, 2×) every catalog form in mode 0
// (add), 2 (view a saved record) and 3 (approve: a record in approval, opened as its approver —
// the page the task center's row opens, recordPagePath), every list route of the route table and
// the admin's menu, and every page of the dealer portal (dealer01). On each page:
//   - document.documentElement.scrollWidth equals the viewport's 360 px;
//   - every visible input, select, textarea (antd select, picker) lies inside [0, 360];
//   - axe finds no serious or critical violation (target-size switched on).
// The findings of all pages are collected and the test fails once, with the full list
// (page — check: element), like locale-walk.spec.ts. The forms are listed through the API at
// run time (the seed's published definitions), not by hand. Records: the seeded business data
// where a form has one; else a draft the walk saves (deleted at the end; a repayment's from an
// approved prepayment the walk makes and voids at the end). Mode 3: the seeded documents in
// approval; the walk submits a budget change, an accrual and a budget proposal of its own
// (withdrawn and deleted at the end). Forms without an approval flow are named in the output.
// Desktop-only, not walked: the builder tools (form designer, process designer diagram, the
// form-settings designer pages) — the issue is about generated screens; their editing canvases
// are drag-and-drop tools for an implementer at a desk.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiLogin } from './fixtures';
import { axeFindings, findingLine, goClient, layoutFindings, phoneContext, seedSession, settled, type Expected, type PhoneFinding } from './phone';
import { FORM_BUILDER_ROUTES, FORM_SETTINGS_ROUTES, PROCESS_ROUTES, ROUTE_TABLE, engineFormPath, routeEntryOf } from '../../src/routes/routeTable';
import { DEALER_PAGES } from '../../src/routes/knownRoutes';
import { recordPagePath } from '../../src/routes/recordPage';
import { FORM_MODES } from '../../schemas/typeCodes';

const { ADD, VIEW, APPROVE } = FORM_MODES;

/** Builder tools: desktop-only (see the head of this file). */
const DESKTOP_ONLY = new Set<string>([
  FORM_BUILDER_ROUTES.build,
  FORM_BUILDER_ROUTES.edit,
  FORM_BUILDER_ROUTES.settings,
  FORM_BUILDER_ROUTES.listSettings,
  PROCESS_ROUTES.diagram,
  PROCESS_ROUTES.formProcess,
  ...Object.keys(FORM_SETTINGS_ROUTES),
]);

/** The demo users by the name the task list gives an assignee (their seeded passwords). */
const USERS: Record<string, [string, string]> = {
  系统管理员: ['admin', 'Admin@123'],
  李娜: ['lina', 'Demo@123'],
  孙丽: ['sunli', 'Demo@123'],
  张伟: ['zhangwei', 'Demo@123'],
  徐强: ['xuqiang', 'Demo@123'],
};

interface Env<T> {
  code: number;
  msg: string;
  data: T;
  errors?: { field: string; message: string }[];
}
interface MenuNode {
  path: string | null;
  children?: MenuNode[];
}
interface Visit {
  path: string;
  label: string;
  want: Expected;
}

const tokenOf = (s: Record<string, unknown>) => String(s.empSessionId ?? s.mytoken ?? s.token ?? '');

async function post<T>(request: APIRequestContext, token: string, path: string, body: unknown): Promise<Env<T>> {
  const r = await request.post(path, { data: body, headers: { empSessionId: token } });
  return (await r.json()) as Env<T>;
}

/** Every published definition (the catalog the seed publishes), through the API. */
async function publishedForms(request: APIRequestContext, token: string): Promise<{ code: string; name: string }[]> {
  const out: { code: string; name: string }[] = [];
  for (let page = 1; ; page++) {
    const env = await post<{ totalRecord: number; rows: { code: string; status: string; version: number | null; name: Record<string, string> }[] }>(
      request,
      token,
      '/emp/api/v2/biaoDan/list',
      { page, limit: 50 },
    );
    expect(env.code, env.msg).toBe(0);
    for (const r of env.data.rows) if (r.version) out.push({ code: r.code, name: r.name['zh-CN'] ?? r.code });
    if (page * 50 >= env.data.totalRecord) return out;
  }
}

function menuPaths(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => [...(n.path ? [n.path] : []), ...menuPaths(n.children ?? [])]);
}

/** The page that adds a record of a form: the route table's add page, else the engine's. */
function addPage(code: string): string {
  const hit = Object.entries(ROUTE_TABLE).find(([, e]) => e.kind === 'form' && e.formCode === code && e.mode === ADD && !e.singleton);
  return hit ? hit[0] : engineFormPath(code, { mode: ADD });
}

/** Walk `visits` on one page; the findings of every page. */
async function walk(page: Page, visits: Visit[], who: string): Promise<PhoneFinding[]> {
  const findings: PhoneFinding[] = [];
  const start = Date.now();
  for (const v of visits) {
    const t0 = Date.now();
    await goClient(page, v.path);
    const waiting = await settled(page, v.path, v.want);
    const found: PhoneFinding[] = waiting ? [{ page: v.label, check: 'page did not settle', element: waiting }] : [];
    found.push(...(await layoutFindings(page, v.label)), ...(await axeFindings(page, v.label)));
    for (const f of found) console.log(`  ${findingLine(f)}`);
    if (process.env.WALK_DEBUG) console.log(`[${who}] ${v.label}: ${Date.now() - t0} ms`);
    findings.push(...found);
  }
  console.log(`${who}: ${visits.length} pages walked in ${Math.round((Date.now() - start) / 1000)} s, ${findings.length} findings`);
  return findings;
}

interface Pool {
  id: string;
  name: string;
  remaining: string;
  fiscalYearId: string | null;
  fiscalYearName: string | null;
  departmentId: string | null;
  departmentName: string | null;
  channelId: string | null;
  channelName: string | null;
  subjectId: string | null;
  subjectName: string | null;
}

/**
 * The seed has no budget change, accrual nor budget proposal in approval: the walk submits one of each as admin
 * (nothing moves before approval; withdrawn and deleted at the end), with the fiscal year and
 * pool of a seeded application, a transfer of 1.00 between two pools.
 */
async function submitBudgetDocuments(request: APIRequestContext, token: string, withFlow: Set<string>): Promise<{ code: string; id: string }[]> {
  const out: { code: string; id: string }[] = [];
  const apps = await post<{ rows: { data: Record<string, unknown> }[] }>(request, token, '/emp/api/v2/biaoDan/record/list', {
    formCode: 'feiYongShenQing',
    page: 1,
    limit: 10,
  });
  const app = (apps.code === 0 ? apps.data.rows : []).find((r) => r.data.caiWuNian && r.data.yuSuanChi)?.data;
  const pools = await post<{ rows: Pool[] }>(request, token, '/emp/api/v2/feiYong/yuSuanChi/list', {});
  const rich = (pools.code === 0 ? pools.data.rows : []).filter((r) => Number(r.remaining) > 100);
  // a budget proposal of 1.00 on a seeded pool's dimensions (region, channel, subject, fiscal year)
  const dims = rich.find((r) => r.departmentId && r.channelId && r.subjectId && r.fiscalYearId);
  const plans: [string, Record<string, unknown> | null][] = [
    ['yuTi', app ? { caiWuNian: app.caiWuNian, yuTiQiJian: '2026-06', yuSuanChi: app.yuSuanChi, yuTiJinE: '100.00', yuTiShuoMing: 'E2E 手机走查预提' } : null],
    [
      'yuSuanBianGeng',
      rich.length >= 2
        ? {
            bianGengLeiXing: 'transfer',
            yuanYuSuanChi: { id: rich[0].id, name: rich[0].name },
            muBiaoYuSuanChi: { id: rich[1].id, name: rich[1].name },
            bianGengJinE: '1.00',
            bianGengYuanYin: 'E2E 手机走查调拨',
          }
        : null,
    ],
    [
      'tiYuSuan',
      dims
        ? {
            biaoTi: 'E2E 手机走查提预算',
            caiWuNian: { id: dims.fiscalYearId, name: dims.fiscalYearName },
            muBanLeiXing: 'quYu',
            heJi: '1.00',
            mingXi: [
              {
                buMen: { id: dims.departmentId, name: dims.departmentName },
                quDao: { id: dims.channelId, name: dims.channelName },
                feiYongKeMu: { id: dims.subjectId, name: dims.subjectName },
                jinE: '1.00',
              },
            ],
          }
        : null,
    ],
  ];
  for (const [code, data] of plans) {
    if (!withFlow.has(code) || !data) continue;
    const r = await post<{ id: string }>(request, token, '/emp/api/v2/biaoDan/record/save', { formCode: code, title: 'E2E 手机走查', data, submit: true });
    if (r.code === 0) out.push({ code, id: r.data.id });
    else console.log(`mode 3: ${code}: the walk's document in approval is refused (${r.msg}: ${JSON.stringify(r.errors ?? [])})`);
  }
  return out;
}

/**
 * A repayment (huanKuan) is derived from an approved prepayment, and the seed has none: the walk
 * prepays 1.00 of a seeded approved application (a prepayment has no process: approved on submit,
 * the application's prepaid +1.00). It is voided at the end (prepaid back to what it was); the
 * voided prepayment itself stays — a voided document cannot be deleted — in the prepayment list
 * and its void log (yuFuZuoFeiRiZhi). With it, yuFuKuan's mode 2 views this approved prepayment.
 */
async function approvedPrepayment(request: APIRequestContext, token: string): Promise<string | undefined> {
  const apps = await post<{ rows: { id: string; data: Record<string, unknown> }[] }>(request, token, '/emp/api/v2/biaoDan/record/list', {
    formCode: 'feiYongShenQing',
    page: 1,
    limit: 10,
    filters: [{ key: 'shenPiZhuangTai', op: 'eq', value: '2' }],
  });
  for (const app of apps.code === 0 ? apps.data.rows : []) {
    if (!app.data.zhiFuFangShi) continue;
    const d = await post<{ data: Record<string, unknown> }>(request, token, '/emp/api/v2/biaoDan/record/derive', { formCode: 'yuFuKuan', fromId: app.id });
    if (d.code !== 0) continue;
    const r = await post<{ id: string }>(request, token, '/emp/api/v2/biaoDan/record/save', {
      formCode: 'yuFuKuan',
      title: 'E2E 手机走查',
      data: { ...d.data.data, yuFuJinE: '1.00', zhiFuFangShi: app.data.zhiFuFangShi, zhiFuRiQi: '2026-02-01' },
      derivedFrom: app.id,
      submit: true,
    });
    if (r.code === 0) return r.data.id;
    console.log(`mode 2: huanKuan: the walk's prepayment is refused (${r.msg}: ${JSON.stringify(r.errors ?? [])})`);
    return undefined;
  }
  console.log('mode 2: huanKuan: no approved application to prepay');
  return undefined;
}

/** A record's current version (a delete or void names it). */
async function versionOf(request: APIRequestContext, token: string, formCode: string, id: string): Promise<number | undefined> {
  const r = await post<{ record: { version: number } }>(request, token, '/emp/api/v2/biaoDan/record/get', { formCode, id });
  return r.code === 0 ? r.data.record.version : undefined;
}

async function signedInPhone(browser: Browser, session: Record<string, unknown>, start: string, dealer = false) {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await seedSession(page, session, dealer);
  await page.goto(start);
  return { context, page };
}

test('every catalog form (modes 0, 2, 3), every list route and the dealer portal fit a 360 px phone', async ({ browser, request }) => {
  test.setTimeout(1_800_000);
  const admin = await apiLogin(request, 'admin', 'Admin@123');
  const token = tokenOf(admin);
  const forms = await publishedForms(request, token);
  expect(forms.length, 'the seed publishes the catalog').toBeGreaterThan(20);

  // ── forms: mode 0 and mode 2 as admin ──
  const prepayment = await approvedPrepayment(request, token);
  const made: { code: string; id: string }[] = [];
  const formVisits: Visit[] = [];
  for (const f of forms) {
    formVisits.push({ path: addPage(f.code), label: `${f.code} (${f.name}) mode 0`, want: { form: { code: f.code, mode: ADD } } });
    const list = await post<{ rows: { id: string }[] }>(request, token, '/emp/api/v2/biaoDan/record/list', { formCode: f.code, page: 1, limit: 10 });
    let id = list.code === 0 ? list.data.rows[0]?.id : undefined;
    let note = '';
    if (!id) {
      // a draft of its own; a form made from an approved document (a prepayment of an approved
      // application: the route table's list of approved sources that opens this form) derived from one
      const from = Object.values(ROUTE_TABLE).find(
        (e) =>
          e.kind === 'list' &&
          e.formPath &&
          routeEntryOf(e.formPath)?.formCode === f.code &&
          e.filters?.some((x) => x.key === 'shenPiZhuangTai' && x.value === '2'),
      );
      let data: Record<string, unknown> = {};
      let derivedFrom: string | undefined;
      if (from) {
        const sources = await post<{ rows: { id: string }[] }>(request, token, '/emp/api/v2/biaoDan/record/list', {
          formCode: from.formCode,
          page: 1,
          limit: 10,
          filters: from.filters,
        });
        for (const src of sources.code === 0 ? sources.data.rows : []) {
          const d = await post<{ data: Record<string, unknown> }>(request, token, '/emp/api/v2/biaoDan/record/derive', { formCode: f.code, fromId: src.id });
          if (d.code === 0) {
            data = d.data.data;
            derivedFrom = src.id;
            break;
          }
        }
      }
      const saved = await post<{ id: string }>(request, token, '/emp/api/v2/biaoDan/record/save', {
        formCode: f.code,
        title: 'E2E 手机走查',
        data,
        ...(derivedFrom ? { derivedFrom } : {}),
        submit: false,
      });
      if (saved.code !== 0) {
        console.log(
          `mode 2: ${f.code} (${f.name}) has no record and a draft of it is refused (${saved.msg}: ${JSON.stringify(saved.errors ?? [])}) — not walked in mode 2`,
        );
        continue;
      }
      id = saved.data.id;
      made.push({ code: f.code, id });
      note = ', a draft of the walk';
    }
    // a settings form (one record) opens on its own page in modify: its view is the engine's
    const singleton = Object.values(ROUTE_TABLE).some((e) => e.formCode === f.code && e.singleton);
    const viewPath = singleton ? engineFormPath(f.code, { id, mode: VIEW }) : recordPagePath(f.code, id, VIEW);
    formVisits.push({ path: viewPath, label: `${f.code} (${f.name}) mode 2${note}`, want: { form: { code: f.code, mode: VIEW } } });
  }

  // ── forms: mode 3, a record in approval opened by its approver ──
  const flows = await post<{ rows: { formCode: string; enabled: boolean }[] }>(request, token, '/tpm/emp/system/process/processDefinition/list', {
    page: 1,
    limit: 50,
  });
  expect(flows.code, flows.msg).toBe(0);
  const withFlow = new Set(flows.data.rows.filter((r) => r.enabled).map((r) => r.formCode));
  const submitted = await submitBudgetDocuments(request, token, withFlow);
  const approveVisits = new Map<string, Visit[]>();
  for (const f of forms) {
    if (!withFlow.has(f.code)) {
      console.log(`mode 3: ${f.code} (${f.name}) has no approval flow — not walked in mode 3`);
      continue;
    }
    // the open tasks of this form (monitoring: every user's); the administrator's own first
    // (one session walks most), else another demo approver's
    const tasks = await post<{ rows: { recordId: string; assigneeName: string | null }[] }>(request, token, '/tpm/emp/system/process/task/list', {
      page: 1,
      limit: 50,
      formCode: f.code,
    });
    expect(tasks.code, tasks.msg).toBe(0);
    const mine = tasks.data.rows.filter((t) => t.assigneeName && USERS[t.assigneeName]);
    const task = mine.find((t) => t.assigneeName === '系统管理员') ?? mine[0];
    if (!task) {
      console.log(`mode 3: ${f.code} (${f.name}) has an approval flow but no record in approval — not walked in mode 3`);
      continue;
    }
    const user = USERS[task.assigneeName!][0];
    approveVisits.set(user, [
      ...(approveVisits.get(user) ?? []),
      {
        path: recordPagePath(f.code, task.recordId, APPROVE),
        label: `${f.code} (${f.name}) mode 3 as ${user}`,
        want: { form: { code: f.code, mode: APPROVE } },
      },
    ]);
  }

  // ── lists: the route table's lists and the admin's menu (forms are walked above) ──
  const menu = await request.get('/tpm/system/menu.action', {
    headers: { Authorization: String(admin.mytoken), token: String(admin.token), empSessionId: token },
  });
  const menuRoutes = menuPaths(((await menu.json()) as { data: MenuNode[] }).data);
  const listRoutes = [...new Set([...Object.entries(ROUTE_TABLE).flatMap(([p, e]) => (e.kind === 'list' ? [p] : [])), ...menuRoutes])].filter((p) => {
    if (DESKTOP_ONLY.has(p.split('?')[0])) {
      console.log(`desktop-only (builder tool), not walked: ${p}`);
      return false;
    }
    return routeEntryOf(p.split('?')[0])?.kind !== 'form';
  });
  const listVisits: Visit[] = listRoutes.map((p) => ({ path: p, label: p, want: { list: routeEntryOf(p.split('?')[0])?.kind === 'list' } }));

  // ── the dealer portal (dealer01) ──
  const dealerLogin = await request.post('/tpm/dp/commons/check/check-login.action', { form: { username: 'dealer01', password: 'Demo@123' } });
  const dealer = ((await dealerLogin.json()) as Env<Record<string, unknown>>).data;
  const dealerVisits: Visit[] = DEALER_PAGES.map((p) => ({ path: `/web/dp/${p}`, label: `dealer /web/dp/${p}`, want: {} }));

  // five pages at once (the walk mostly waits for the server): forms ×2, lists ×2, approvers then dealer
  const half = Math.ceil(formVisits.length / 2);
  const jobs: Promise<PhoneFinding[]>[] = [
    (async () => {
      const { context, page } = await signedInPhone(browser, admin, '/web/system/gongZuoTai');
      try {
        return await walk(page, formVisits.slice(0, half), 'admin forms (1)');
      } finally {
        await context.close();
      }
    })(),
    (async () => {
      const { context, page } = await signedInPhone(browser, admin, '/web/system/gongZuoTai');
      try {
        return await walk(page, formVisits.slice(half), 'admin forms (2)');
      } finally {
        await context.close();
      }
    })(),
    ...[0, 1].map(async (part) => {
      const { context, page } = await signedInPhone(browser, admin, '/web/system/gongZuoTai');
      const mid = Math.ceil(listVisits.length / 2);
      try {
        return await walk(page, part ? listVisits.slice(mid) : listVisits.slice(0, mid), `admin lists (${part + 1})`);
      } finally {
        await context.close();
      }
    }),
    (async () => {
      const out: PhoneFinding[] = [];
      for (const [user, visits] of approveVisits) {
        const [name, password] = Object.values(USERS).find(([u]) => u === user)!;
        const { context, page } = await signedInPhone(browser, await apiLogin(request, name, password), '/web/system/gongZuoTai');
        try {
          out.push(...(await walk(page, visits, `${user} approves`)));
        } finally {
          await context.close();
        }
      }
      const { context, page } = await signedInPhone(browser, dealer, '/web/dp/shouYe', true);
      try {
        out.push(...(await walk(page, dealerVisits, 'dealer01')));
      } finally {
        await context.close();
      }
      return out;
    })(),
  ];
  const findings = (await Promise.all(jobs)).flat();

  // the walk's own documents go again (withdrawn from approval first; a delete names the version),
  // then its prepayment is voided (after its repayment draft went: a live repayment blocks the void)
  for (const m of submitted) {
    const w = await post(request, token, '/tpm/emp/system/process/processInstance/withdraw', { recordId: m.id });
    expect(w.code, `withdraw ${m.code}: ${w.msg}`).toBe(0);
  }
  for (const m of [...submitted, ...made]) {
    const d = await post(request, token, '/emp/api/v2/biaoDan/record/delete', {
      formCode: m.code,
      id: m.id,
      version: await versionOf(request, token, m.code, m.id),
    });
    expect(d.code, `delete ${m.code}: ${d.msg}`).toBe(0);
  }
  if (prepayment) {
    const v = await post(request, token, '/emp/api/v2/feiYong/yuFu/zuoFei', {
      formCode: 'yuFuKuan',
      id: prepayment,
      version: await versionOf(request, token, 'yuFuKuan', prepayment),
      reason: 'E2E 手机走查',
    });
    expect(v.code, `void the prepayment: ${v.msg}`).toBe(0);
  }

  const pages = formVisits.length + listVisits.length + dealerVisits.length + [...approveVisits.values()].flat().length;
  console.log(`phone walk: ${pages} pages, ${findings.length} findings`);
  expect(findings, findings.map(findingLine).join('\n')).toEqual([]);
});
