// Issue 14's journey against the real server: the admin draws a two-level flow in the process
// designer (department leader, then — above 10,000 — the regional director), binds it to the
// expense application and publishes it; the dry-run names the right people; zhangwei submits an
// application of 12,000; lina approves in mode 3; the director (xuqiang) returns it to zhangwei;
// zhangwei resubmits in mode 4; the director approves; the history shows every step.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, chooseOption, pickFirst, withSession } from './fixtures';

const EDIT = '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingEdit';
const LIST = '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList';
const TASKS = '/web/system/process/renWu-process-ui';
const SETTINGS = '/web/system/process/liuChengSheZhi';
const API = '/tpm/emp/system/process';
const SEEDED = 'feiYongShenQingLiuCheng';
const CODE = `e2eLiangJi${Date.now() % 100000}`;

interface Env<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(request: APIRequestContext, token: string, path: string, body: unknown): Promise<Env<T>> {
  const r = await request.post(path, { data: body, headers: { empSessionId: token } });
  return (await r.json()) as Env<T>;
}

async function sessionPage(page: Page, request: APIRequestContext, user: string, password = 'Demo@123') {
  const s = await apiLogin(request, user, password);
  await withSession(page, s);
  return s;
}

/** Pick the option holding `text` in the antd Select with this test id (typing `search` first when given). */
async function choose(page: Page, testId: string, text: string, search?: string) {
  await chooseOption(page, page.getByTestId(testId), text, search);
}

/** Escape until the property drawer is gone (a first Escape may only close a select's list). */
async function closeDrawer(page: Page) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('node-drawer')).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** An action of the approval panel: its dialog, the comment, anything else, submit. */
async function act(page: Page, action: string, comment: string, more?: () => Promise<void>) {
  await page.getByTestId(`approval-action-${action}`).click();
  await expect(page.getByTestId(`approval-dialog-body-${action}`)).toBeVisible();
  if (more) await more();
  await page.getByTestId('approval-comment').fill(comment);
  await page.getByTestId('approval-dialog-submit').click();
}

test.describe.configure({ mode: 'serial' });

test.describe('approval journey: draw, bind, publish, dry-run, submit, approve, return, resubmit, approve', () => {
  let adminToken = '';

  test.beforeAll(async ({ request }) => {
    const s = await apiLogin(request, 'admin', 'Admin@123');
    adminToken = String(s.empSessionId ?? s.token ?? '');
  });

  // the other specs share this server: the seeded flow takes the expense application back
  test.afterAll(async ({ request }) => {
    await call(request, adminToken, `${API}/processDefinition/updateEnableStatus`, { code: CODE, enabled: false });
    await call(request, adminToken, `${API}/processDefinition/updateEnableStatus`, { code: SEEDED, enabled: true });
  });

  test('the whole journey', async ({ browser, request }) => {
    test.setTimeout(300_000);

    // ── admin: draws the flow in the designer ──
    const ad = await browser.newContext();
    const ap = await ad.newPage();
    await sessionPage(ap, request, 'admin', 'Admin@123');
    await ap.goto(SETTINGS);
    // one enabled process per form: the seeded flow of the expense application steps aside
    await ap.getByTestId(`process-list-toggle-${SEEDED}`).click();
    await expect(ap.getByTestId(`process-list-status-${SEEDED}`)).toContainText('停用');
    await ap.getByTestId('process-list-create').click();
    await ap.getByTestId('process-codename-code').fill(CODE);
    await ap.getByTestId('process-codename-name').fill('费用申请两级审批');
    await ap.getByTestId('process-codename-ok').click();
    await expect(ap).toHaveURL(new RegExp(`liuChengTu\\?code=${CODE}`), { timeout: 30_000 });
    await expect(ap.getByTestId('process-node-approve1')).toContainText('部门负责人');

    // bind it to the expense application
    await ap.getByTestId('process-bind').click();
    await choose(ap, 'process-bind-select', '费用申请');
    await ap.getByTestId('process-bind-ok').click();
    await expect(ap.getByTestId('process-bind')).toContainText('费用申请');

    // after the department leader: a condition group, and an approver on its first branch
    await ap.getByTestId('process-edge-plus-e-approve1-end').click();
    await ap.getByTestId('process-insert-condition').click();
    await expect(ap.getByTestId('process-node-condition1')).toBeVisible();
    await ap.getByTestId('process-edge-plus-edge1').click();
    await ap.getByTestId('process-insert-approve').click();
    await expect(ap.getByTestId('process-node-approver1')).toBeVisible();

    // the branch: 申请金额 > 10,000 (built visually over the form's fields)
    await ap.getByTestId('process-branch-edge1').click();
    const branch = ap.getByTestId('branch-editor-edge1');
    await expect(branch).toBeVisible();
    await branch.getByTestId('branch-label').fill('金额大于 1 万');
    await branch.getByTestId('branch-condition-add').click();
    await choose(ap, 'branch-condition-row-0-field', '申请金额', '申请金额');
    await choose(ap, 'branch-condition-row-0-op', '大于');
    await branch.locator('input[data-testid="branch-condition-row-0-value"], [data-testid="branch-condition-row-0-value"] input').first().fill('10000');
    await expect(branch.getByTestId('branch-incomplete')).toHaveCount(0);
    await closeDrawer(ap);

    // the new approver: the East region's director, xuqiang, found by the user search
    await ap.getByTestId('process-node-approver1').dblclick();
    await expect(ap.getByTestId('node-drawer')).toBeVisible();
    await ap.getByTestId('node-name-zh-CN').fill('大区总监审批');
    await ap.getByTestId('node-name-en-US').fill('Regional director');
    await ap.getByTestId('node-name-zh-TW').fill('大區總監審批');
    await choose(ap, 'strategy-kind', '指定成员');
    await choose(ap, 'strategy-users', '徐强', 'xuqiang');
    // its rules: it may return to the applicant or the leader; a resubmit comes straight back to it
    await ap.getByTestId('drawer-tabs').getByRole('tab', { name: '审批规则' }).click();
    const returns = ap.getByTestId('rule-return-targets');
    await expect(returns.getByRole('checkbox', { name: /退回申请人/ })).toBeChecked();
    await returns.getByText('退回上一个审批节点').click();
    await ap.getByTestId('rule-resubmit').getByText('直接回到退回它的节点').click();
    await closeDrawer(ap);
    await expect(ap.getByTestId('process-node-approver1')).toContainText('大区总监审批');

    // publish
    await ap.getByTestId('process-publish').click();
    await expect(ap.getByTestId('process-version-tag')).toHaveText('版本 1', { timeout: 30_000 });

    // the dry-run: zhangwei's application of 12,000 goes to lina, then to xuqiang; of 8,000 to lina only
    await ap.getByTestId('process-dryrun-toggle').click();
    await choose(ap, 'process-dryrun-applicant', '张伟', 'zhangwei');
    await ap.getByTestId('process-dryrun-shenQingJinE').fill('12000');
    await ap.getByTestId('process-dryrun-run').click();
    await expect(ap.getByTestId('process-dryrun-approvers-approve1')).toContainText('李娜');
    await expect(ap.getByTestId('process-dryrun-approvers-approver1')).toContainText('徐强');
    // the path is highlighted on the canvas
    await expect(ap.getByTestId('process-node-approve1')).toContainText('已经过');
    await expect(ap.getByTestId('process-node-approver1')).toContainText('已经过');
    await ap.getByTestId('process-dryrun-shenQingJinE').fill('8000');
    await ap.getByTestId('process-dryrun-run').click();
    await expect(ap.getByTestId('process-dryrun-approvers-approve1')).toContainText('李娜');
    await expect(ap.getByTestId('process-dryrun-step-approver1')).toHaveCount(0);
    await expect(ap.getByTestId('process-node-approver1')).not.toContainText('已经过');

    // ── zhangwei: an application of 12,000 ──
    const zw = await browser.newContext();
    const zp = await zw.newPage();
    await sessionPage(zp, request, 'zhangwei');
    const name = `E2E两级审批${Date.now() % 100000}`;
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
    await expect(zp.getByTestId('instance-current-nodes')).toContainText('部门负责人审批');
    await expect(zp.getByTestId('instance-approvers')).toContainText('李娜');

    // ── lina: mode 3 from her to-do list, approve ──
    const ln = await browser.newContext();
    const lp = await ln.newPage();
    await sessionPage(lp, request, 'lina');
    await lp.goto(TASKS);
    await expect(lp.getByTestId('task-table')).toContainText(name, { timeout: 30_000 });
    await lp.getByTestId(`task-open-${id}`).click();
    await expect(lp.getByTestId('definition-form')).toHaveAttribute('data-mode', '3', { timeout: 30_000 });
    await expect(lp.getByTestId('approval-panel')).toBeVisible();
    await expect(lp.getByTestId('process-diagram')).toBeVisible();
    await act(lp, 'approve', '同意，陈列费用合理');
    await expect(lp).toHaveURL(new RegExp(TASKS), { timeout: 30_000 });

    // ── xuqiang: returns it to zhangwei ──
    const xq = await browser.newContext();
    const xp = await xq.newPage();
    await sessionPage(xp, request, 'xuqiang');
    await xp.goto(TASKS);
    await expect(xp.getByTestId('task-table')).toContainText(name, { timeout: 30_000 });
    await xp.getByTestId(`task-open-${id}`).click();
    await expect(xp.getByTestId('definition-form')).toHaveAttribute('data-mode', '3', { timeout: 30_000 });
    await act(xp, 'return', '请补充陈列照片后再提交', async () => {
      await expect(xp.getByTestId('return-targets')).toBeVisible();
      await xp.getByTestId('return-targets').getByText('申请人').first().click();
    });
    await expect(xp).toHaveURL(new RegExp(TASKS), { timeout: 30_000 });

    // ── zhangwei: the returned document reopens in mode 4 with the reason; resubmit ──
    await zp.goto(`${EDIT}?id=${id}&mode=4`);
    await expect(zp.getByTestId('definition-form')).toHaveAttribute('data-mode', '4', { timeout: 30_000 });
    await expect(zp.getByTestId('returned-banner')).toContainText('请补充陈列照片后再提交');
    await zp.locator('#fw-huoDongMingCheng').fill(`${name}（已补充）`);
    await zp.getByTestId('submit').click();
    await expect(zp.getByTestId('definition-form')).toHaveAttribute('data-mode', '2', { timeout: 30_000 });
    await expect(zp.getByTestId('instance-current-nodes')).toContainText('大区总监审批');

    // ── xuqiang approves again (the returning node: resubmit went straight back to him) ──
    await xp.goto(TASKS);
    await expect(xp.getByTestId('task-table')).toContainText(name, { timeout: 30_000 });
    await xp.getByTestId(`task-open-${id}`).click();
    await expect(xp.getByTestId('definition-form')).toHaveAttribute('data-mode', '3', { timeout: 30_000 });
    await act(xp, 'approve', '已补充，同意');
    await expect(xp).toHaveURL(new RegExp(TASKS), { timeout: 30_000 });

    // ── the history shows every step, in order; the diagram names the director ──
    await zp.goto(`${EDIT}?id=${id}&viewType=2`);
    await expect(zp.getByTestId('instance-status')).toContainText('已通过', { timeout: 30_000 });
    const history = zp.getByTestId('history-timeline');
    await expect(history).toContainText('流程结束，已归档');
    const steps = [
      '张伟 提交了申请',
      '到达节点，待 李娜 审批',
      '李娜 审批通过',
      '同意，陈列费用合理',
      '到达节点，待 徐强 审批',
      '徐强 退回给申请人',
      '请补充陈列照片后再提交',
      '张伟 重新提交，直接回到「大区总监审批」',
      '徐强 审批通过',
      '已补充，同意',
      '流程结束，已归档',
    ];
    const text = await history.innerText();
    let at = -1;
    for (const step of steps) {
      const next = text.indexOf(step, at + 1);
      expect(next, `"${step}" after position ${at} in:\n${text}`).toBeGreaterThan(at);
      at = next;
    }
    await expect(zp.getByTestId('process-diagram')).toContainText('徐强');
    await zp.goto(LIST);
    await expect(zp.getByTestId('list-grid')).toContainText(`${name}（已补充）`, { timeout: 30_000 });
    await Promise.all([ad.close(), zw.close(), ln.close(), xq.close()]);
  });
});
