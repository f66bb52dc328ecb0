// Issue 14's mode-3 actions against the real server, on the seeded expense flow
// (feiYongShenQingLiuCheng: 部门经理审批 — lina → amount > 50,000 → 大区总监 — xuqiang →
// 财务审批 — sunli → cc the applicant). zhangwei submits and withdraws while nobody acted (the
// document is his to edit again), submits again and urges; lina transfers her task to xuqiang;
// xuqiang adds sunli before him, sunli approves, xuqiang approves; on another document the
// finance step (sunli) rejects with a reason that zhangwei sees; on a copy of the flow whose
// finance step requires a handwritten signature, sunli draws it with the mouse and approves.
// Every document (and the copied flow) is this spec's own; the seeded flow is re-enabled after.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiLogin, chooseOption, pickFirst, withSession } from './fixtures';

const EDIT = '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingEdit';
const API = '/tpm/emp/system/process';

interface Env<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

interface Detail {
  instance: { status: string; currentNodes: { id: string; name: string }[] } | null;
  myTask: { id: string; nodeId: string } | null;
  history: { action: string; actorName: string | null; comment: string | null; detail: Record<string, unknown> | null }[];
  tasks: { assigneeName: string | null; status: string; nodeId: string }[];
}

async function call<T>(request: APIRequestContext, token: string, path: string, body: unknown): Promise<Env<T>> {
  const r = await request.post(path, { data: body, headers: { empSessionId: token } });
  return (await r.json()) as Env<T>;
}

const tokens: Record<string, string> = {};

async function token(request: APIRequestContext, user: string): Promise<string> {
  if (!tokens[user]) {
    const s = await apiLogin(request, user, user === 'admin' ? 'Admin@123' : 'Demo@123');
    tokens[user] = String(s.empSessionId ?? s.token ?? '');
  }
  return tokens[user];
}

async function detailOf(request: APIRequestContext, user: string, recordId: string): Promise<Detail> {
  const r = await call<Detail>(request, await token(request, user), `${API}/processInstance/detail`, { recordId });
  expect(r.code, r.msg).toBe(0);
  return r.data;
}

async function userPage(browser: Browser, request: APIRequestContext, user: string): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const s = await apiLogin(request, user, 'Demo@123');
  await withSession(page, s);
  return page;
}

/** Pick the option holding `text` in the antd Select with this test id, typing `search` first. */
async function choose(page: Page, testId: string, text: string, search: string) {
  // the search answers while the dropdown shows the first page: a click can land on an option the
  // answer replaces (seen under CI load) — check the select shows the pick, else search again
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId(testId).click();
    await page.keyboard.type(search);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first().click();
    try {
      await expect(page.getByTestId(testId)).toContainText(text, { timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
      await page.keyboard.press('Escape');
    }
  }
}

/** zhangwei's expense application of 12,000 (under 50,000: no regional director), submitted. */
async function submitExpense(zp: Page, name: string): Promise<string> {
  await zp.goto(EDIT);
  await expect(zp.getByTestId('definition-form')).toHaveAttribute('data-mode', '0', { timeout: 30_000 });
  await zp.locator('#fw-huoDongMingCheng').fill(name);
  await chooseOption(zp, zp.locator('.ant-select', { has: zp.locator('#fw-caiWuNian') }).first(), '2026财年');
  await zp.locator('#fw-huoDongQiJian').click();
  await zp.locator('#fw-huoDongQiJian').fill('2026-12-01');
  await zp.keyboard.press('Enter');
  await zp.locator('#fw-huoDongQiJian-end').fill('2026-12-05');
  await zp.keyboard.press('Enter');
  await pickFirst(zp, 'fw-jingXiaoShang');
  await pickFirst(zp, 'fw-feiYongKeMu');
  await pickFirst(zp, 'fw-yuSuanChi');
  await pickFirst(zp, 'fw-zhiFuFangShi');
  if ((await zp.getByTestId('row-mingXi-0').count()) === 0) await zp.getByTestId('add-row-mingXi').click();
  await pickFirst(zp, 'fw-mingXi-0-pinPai');
  await zp.locator('#fw-mingXi-0-shuLiang').fill('3');
  await zp.locator('#fw-mingXi-0-danJia').fill('4000');
  await expect(zp.getByTestId('field-shenQingJinE')).toContainText('12,000.00');
  await zp.getByTestId('submit').click();
  await expect(zp).toHaveURL(/[?&]id=\d{19}/, { timeout: 30_000 });
  const id = new URL(zp.url()).searchParams.get('id')!;
  await expect(zp.getByTestId('instance-summary')).toBeVisible({ timeout: 30_000 });
  return id;
}

/** Open the document in mode 3 as this page's user: the panel is there. */
async function openTask(page: Page, id: string) {
  await page.goto(`${EDIT}?id=${id}&mode=3`);
  await expect(page.getByTestId('definition-form')).toHaveAttribute('data-mode', '3', { timeout: 30_000 });
  await expect(page.getByTestId('approval-panel')).toBeVisible({ timeout: 30_000 });
}

/** An action of the approval panel: its dialog, anything else, the comment, submit, the dialog gone. */
async function act(page: Page, action: string, comment: string, more?: () => Promise<void>) {
  await page.getByTestId(`approval-action-${action}`).click();
  await expect(page.getByTestId(`approval-dialog-body-${action}`)).toBeVisible();
  if (more) await more();
  await page.getByTestId('approval-comment').fill(comment);
  await page.getByTestId('approval-dialog-submit').click();
  if (action === 'reject') await page.getByTestId('reject-confirm-ok').click();
  await expect(page.getByTestId(`approval-dialog-body-${action}`)).toHaveCount(0, { timeout: 30_000 });
}

test.describe('approval actions: withdraw, urge, transfer, add-sign, reject', () => {
  test('withdraw and submit again, urge, transfer, add-sign before, approve', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const zp = await userPage(browser, request, 'zhangwei');
    const name = `E2E审批操作${Date.now() % 100000}`;
    const id = await submitExpense(zp, name);
    await expect(zp.getByTestId('instance-current-nodes')).toContainText('部门经理审批');
    await expect(zp.getByTestId('instance-approvers')).toContainText('李娜');

    // ── withdraw while nobody acted: the document is zhangwei's to edit again ──
    await zp.getByTestId('instance-withdraw').click();
    await expect(zp.getByTestId('instance-comment')).toBeVisible();
    await zp.getByTestId('instance-comment').fill('金额填错了，撤回修改');
    await zp.getByTestId('instance-dialog-ok').click();
    await expect(zp.getByTestId('instance-status')).toHaveText('已撤回', { timeout: 30_000 });
    await expect(zp.getByTestId('instance-withdraw')).toHaveCount(0);
    await expect(zp.getByTestId('history-timeline')).toContainText('张伟 撤回了申请');
    expect((await detailOf(request, 'lina', id)).myTask).toBeNull();
    await zp.goto(`${EDIT}?id=${id}`);
    await expect(zp.getByTestId('definition-form')).toHaveAttribute('data-mode', '1', { timeout: 30_000 });
    await expect(zp.locator('#fw-huoDongMingCheng')).toBeEditable();
    await zp.locator('#fw-huoDongMingCheng').fill(`${name}（修改）`);
    await zp.getByTestId('submit').click();
    await expect(zp.getByTestId('instance-status')).toHaveText('审批中', { timeout: 30_000 });
    await expect(zp.getByTestId('instance-current-nodes')).toContainText('部门经理审批');

    // ── urge: the history names who was urged ──
    await zp.getByTestId('instance-urge').click();
    await zp.getByTestId('instance-comment').fill('请尽快审批');
    await zp.getByTestId('instance-dialog-ok').click();
    await expect(zp.getByTestId('instance-dialog')).toHaveCount(0, { timeout: 30_000 });
    await expect(zp.getByTestId('history-timeline')).toContainText('张伟 催办了 李娜', { timeout: 30_000 });
    await expect(zp.getByTestId('history-timeline')).toContainText('请尽快审批');

    // ── lina transfers her task to xuqiang: his now, no longer hers ──
    const lp = await userPage(browser, request, 'lina');
    await openTask(lp, id);
    await act(lp, 'transfer', '我出差，请徐强处理', async () => {
      await choose(lp, 'approval-user-picker', '徐强', 'xuqiang');
    });
    expect((await detailOf(request, 'lina', id)).myTask).toBeNull();
    expect((await detailOf(request, 'xuqiang', id)).myTask?.nodeId).toBe('buMenJingLi');
    await lp.goto(`${EDIT}?id=${id}&mode=3`);
    await expect(lp.getByTestId('approval-no-task')).toBeVisible({ timeout: 30_000 });
    await expect(lp.getByTestId('approval-panel')).toHaveCount(0);

    // ── xuqiang adds sunli before him: she approves first, then he does ──
    const xp = await userPage(browser, request, 'xuqiang');
    await openTask(xp, id);
    await expect(xp.getByTestId('instance-approvers')).toContainText('徐强');
    await act(xp, 'addSign', '请财务先看一下', async () => {
      await xp.getByTestId('add-sign-before').click();
      await choose(xp, 'approval-users-picker', '孙丽', 'sunli');
    });
    expect((await detailOf(request, 'xuqiang', id)).myTask).toBeNull();
    expect((await detailOf(request, 'sunli', id)).myTask?.nodeId).toBe('buMenJingLi');

    const sp = await userPage(browser, request, 'sunli');
    await openTask(sp, id);
    await act(sp, 'approve', '财务看过，没问题');
    const back = await detailOf(request, 'xuqiang', id);
    expect(back.myTask?.nodeId).toBe('buMenJingLi');
    await openTask(xp, id);
    await act(xp, 'approve', '同意');
    // on to finance (12,000: no regional director)
    const after = await detailOf(request, 'zhangwei', id);
    expect(after.instance?.currentNodes.map((n) => n.id)).toEqual(['caiWuShenPi']);

    // ── the record in words ──
    await zp.goto(`${EDIT}?id=${id}&viewType=2`);
    const history = zp.getByTestId('history-timeline');
    await expect(history).toContainText('李娜 转交给 徐强', { timeout: 30_000 });
    // the second submission is a new approval (the withdrawn one keeps its own record)
    const steps = [
      '张伟 提交了申请',
      '张伟 催办了 李娜',
      '李娜 转交给 徐强',
      '我出差，请徐强处理',
      '徐强 前加签：孙丽',
      '孙丽 审批通过',
      '财务看过，没问题',
      '徐强 审批通过',
      '到达节点，待 孙丽 审批',
    ];
    const text = await history.innerText();
    let at = -1;
    for (const step of steps) {
      const next = text.indexOf(step, at + 1);
      expect(next, `"${step}" after position ${at} in:\n${text}`).toBeGreaterThan(at);
      at = next;
    }
    for (const p of [zp, lp, xp, sp]) await p.context().close();
  });

  test('the finance step rejects with a reason; the applicant sees 已驳回 and why', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const zp = await userPage(browser, request, 'zhangwei');
    const id = await submitExpense(zp, `E2E驳回${Date.now() % 100000}`);

    // lina's step through the API (the UI path is the other test's): on to finance
    const mine = await detailOf(request, 'lina', id);
    expect(mine.myTask).not.toBeNull();
    const ok = await call(request, await token(request, 'lina'), `${API}/task/approve`, { taskId: mine.myTask!.id, comment: '同意' });
    expect(ok.code, ok.msg).toBe(0);
    expect((await detailOf(request, 'sunli', id)).myTask?.nodeId).toBe('caiWuShenPi');

    // sunli: reject without a comment is refused in the dialog, then with one
    const sp = await userPage(browser, request, 'sunli');
    await openTask(sp, id);
    await sp.getByTestId('approval-action-reject').click();
    await sp.getByTestId('approval-dialog-submit').click();
    await expect(sp.getByTestId('approval-dialog-body-reject')).toContainText('请填写审批意见');
    await sp.getByTestId('approval-dialog-cancel').click();
    await act(sp, 'reject', '预算池余额不足，不予报销');

    await zp.goto(`${EDIT}?id=${id}&viewType=2`);
    await expect(zp.getByTestId('instance-status')).toHaveText('已驳回', { timeout: 30_000 });
    await expect(zp.getByTestId('history-timeline')).toContainText('孙丽 驳回了申请');
    await expect(zp.getByTestId('history-timeline')).toContainText('预算池余额不足，不予报销');
    await expect(zp.getByTestId('instance-withdraw')).toHaveCount(0);
    for (const p of [zp, sp]) await p.context().close();
  });
});

// A node that asks for a handwritten signature: a copy of the seeded flow whose finance step
// requires one, bound to the expense application for this test only.
test.describe('approval actions: a handwritten signature where the node requires it', () => {
  const SEEDED = 'feiYongShenQingLiuCheng';
  const CODE = `e2eQianMing${Date.now() % 100000}`;

  test.afterAll(async ({ request }) => {
    const admin = await token(request, 'admin');
    await call(request, admin, `${API}/processDefinition/updateEnableStatus`, { code: CODE, enabled: false });
    await call(request, admin, `${API}/processDefinition/updateEnableStatus`, { code: SEEDED, enabled: true });
  });

  test('sunli signs on the canvas with the mouse and approves; the record shows the signature', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const admin = await token(request, 'admin');
    const expectOk = (r: Env, what: string) => expect(r.code, `${what}: ${r.msg}`).toBe(0);
    expectOk(await call(request, admin, `${API}/model/copy`, { code: SEEDED, newCode: CODE, name: { 'zh-CN': '费用申请（手写签名）' } }), 'copy');
    const item = await call<{ summary: { draftVersion: number }; draft: { nodes: Record<string, unknown>[] } | null; published: unknown }>(
      request,
      admin,
      `${API}/processDefinition/item/rule`,
      { code: CODE },
    );
    expectOk(item, 'item');
    const definition = structuredClone(item.data.draft ?? item.data.published) as { nodes: Record<string, unknown>[] };
    const finance = definition.nodes.find((n) => n.id === 'caiWuShenPi')!;
    finance.signatureRequired = true;
    finance.commentRequired = true;
    expectOk(
      await call(request, admin, `${API}/processDefinition/update/rule`, { code: CODE, draftVersion: item.data.summary.draftVersion, definition }),
      'save',
    );
    expectOk(await call(request, admin, `${API}/processDefinition/updateEnableStatus`, { code: SEEDED, enabled: false }), 'disable seeded');
    expectOk(await call(request, admin, `${API}/processDefinition/bangDingBiaoDan`, { code: CODE, formCode: 'feiYongShenQing' }), 'bind');
    expectOk(await call(request, admin, `${API}/processDefinition/update/liuChengDingYi`, { code: CODE }), 'publish');
    expectOk(await call(request, admin, `${API}/processDefinition/updateEnableStatus`, { code: CODE, enabled: true }), 'enable');

    const zp = await userPage(browser, request, 'zhangwei');
    const id = await submitExpense(zp, `E2E手写签名${Date.now() % 100000}`);
    const mine = await detailOf(request, 'lina', id);
    const ok = await call(request, await token(request, 'lina'), `${API}/task/approve`, { taskId: mine.myTask!.id, comment: '同意' });
    expect(ok.code, ok.msg).toBe(0);

    const sp = await userPage(browser, request, 'sunli');
    await openTask(sp, id);
    await sp.getByTestId('approval-action-approve').click();
    const body = sp.getByTestId('approval-dialog-body-approve');
    await expect(body.getByTestId('signature-canvas')).toBeVisible();
    await sp.getByTestId('approval-comment').fill('同意报销');
    await sp.getByTestId('approval-dialog-submit').click();
    await expect(body.getByTestId('signature-error')).toContainText('请手写签名');

    // draw a stroke with the mouse, confirm it
    const box = (await body.getByTestId('signature-canvas').boundingBox())!;
    await sp.mouse.move(box.x + 20, box.y + box.height / 2);
    await sp.mouse.down();
    for (let i = 1; i <= 12; i++) await sp.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + (i % 2 ? -18 : 18), { steps: 3 });
    await sp.mouse.up();
    await expect(body.getByTestId('signature-confirm')).toBeEnabled();
    await body.getByTestId('signature-confirm').click();
    await expect(body.getByTestId('signature-preview')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await sp.getByTestId('approval-dialog-submit').click();
    await expect(body).toHaveCount(0, { timeout: 30_000 });

    const done = await detailOf(request, 'zhangwei', id);
    expect(done.instance?.status).toBe('approved');
    const signed = done.history.find((x) => x.action === 'approve' && x.actorName === '孙丽');
    expect(String(signed?.detail?.signature ?? '')).toMatch(/^data:image\/png;base64,/);
    await zp.goto(`${EDIT}?id=${id}&viewType=2`);
    await expect(zp.getByTestId('instance-status')).toHaveText('已通过', { timeout: 30_000 });
    await expect(zp.getByTestId('history-signature').locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    for (const p of [zp, sp]) await p.context().close();
  });
});
