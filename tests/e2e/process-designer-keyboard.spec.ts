// The process designer without a mouse (issue 14): after page.goto nothing is clicked. From the
// process list the admin creates a process (Tab to 新建流程, Enter, type code and name, Enter),
// lands in the designer, inserts an approver on the first edge through its "+" menu, opens the
// new node's properties with Enter, picks 指定成员 and searches the user lina, closes the drawer
// with Escape, undoes and redoes the pick with Ctrl+Z / Ctrl+Y, moves the node with an arrow key,
// inserts a CC node and deletes it with Delete, inserts a condition group and adds a branch with
// its button (both undone), saves with Ctrl+S and publishes from the toolbar. The published version, read back through the API, has the approver.
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { apiLogin, withSession } from './fixtures';

interface Focus {
  testid: string;
  tag: string;
  dataId: string;
  text: string;
  inCanvas: boolean;
  inDrawer: boolean;
  inDesigner: boolean;
}

/** What has keyboard focus: its own test id or the nearest one above it. */
const focused = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      testid: el?.closest('[data-testid]')?.getAttribute('data-testid') ?? '',
      tag: el?.tagName ?? '',
      dataId: el?.dataset.id ?? '',
      text: (el?.textContent ?? '').slice(0, 60),
      inCanvas: !!el?.closest('[data-testid="process-canvas"]'),
      inDrawer: !!el?.closest('.fw-process-drawer'),
      inDesigner: !!el?.closest('[data-testid="process-designer"]'),
    };
  });

/** Press Tab (or Shift+Tab) until `match` holds for the focused element. */
async function tabTo(page: Page, what: string, match: (f: Focus) => boolean, { max = 80, back = false } = {}): Promise<Focus> {
  for (let i = 0; i <= max; i++) {
    const f = await focused(page);
    if (match(f)) return f;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${what}; focus is on ${JSON.stringify(await focused(page))}`);
}

const byTestId = (id: string) => (f: Focus) => f.testid === id;

/** axe over one part of the page: no serious or critical violation. */
async function expectAxeClean(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`).join('\n');
  expect(bad, report).toEqual([]);
}

test('the admin designs and publishes a process with the keyboard only', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await apiLogin(request, 'admin', 'Admin@123');
  const headers = { Authorization: String(session.mytoken), token: String(session.token), empSessionId: String(session.empSessionId) };
  const post = async <T>(path: string, data: Record<string, unknown>): Promise<T> => {
    const r = await request.post(path, { data, headers });
    const body = (await r.json()) as { code: number; msg: string; data: T };
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const lina = (
    await post<{ rows: { id: string; username: string; name: string }[] }>('/tpm/emp/system/process/directory/users', { keyword: 'lina' })
  ).rows.find((u) => u.username === 'lina')!;
  expect(lina).toBeTruthy();

  await withSession(page, session);
  const code = `kbFlow${Date.now() % 1_000_000}`;
  await page.goto('/web/system/process/liuChengSheZhi');
  await expect(page.getByTestId('process-list')).toBeVisible();
  await expect(page.locator('[data-testid="process-list"] .ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('[data-testid^="process-list-name-"]').first()).toBeVisible();
  await expectAxeClean(page, '[data-testid="process-list"]');

  // ---- create from the list: Tab to 新建流程, Enter, code, Tab, name, Enter ----
  await tabTo(page, 'the create button', byTestId('process-list-create'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('process-codename-code')).toBeVisible();
  await tabTo(page, 'the code input', byTestId('process-codename-code'));
  await page.keyboard.type(code);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('process-codename-name')).toBeFocused();
  await page.keyboard.type('键盘设计的流程');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/web/system/process/liuChengTu\\?code=${code}$`));
  const designer = page.getByTestId('process-designer');
  await expect(designer).toBeVisible();
  await expect(page.getByTestId('process-title')).toContainText('键盘设计的流程');
  await expect(page.locator('[data-testid="process-canvas"] .react-flow__node').first()).toBeVisible();
  await expectAxeClean(page, '[data-testid="process-designer"]');
  const nodeIds = () => page.locator('[data-testid="process-canvas"] .react-flow__node').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.id!));
  // the new process as the server made it: start → one approver → end
  const fresh = await post<{ draft: { nodes: { id: string }[]; edges: { id: string; source: string; target: string }[] } }>(
    '/tpm/emp/system/process/processDefinition/item/rule',
    { code },
  );
  const initial = fresh.draft.nodes.map((n) => n.id);
  const first = fresh.draft.edges.find((e) => e.source === 'start')!;
  await expect.poll(nodeIds).toEqual(initial);

  // ---- the "+" on the edge out of start, its menu, 审批人 ----
  const plus = await tabTo(page, 'the + of the first edge', byTestId(`process-edge-plus-${first.id}`));
  expect(plus.inCanvas).toBe(true);
  await expect(page.getByTestId(`process-edge-plus-${first.id}`)).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId(`process-insert-menu-${first.id}`);
  await expect(menu).toBeVisible();
  await expect(page.getByTestId('process-insert-approve')).toBeFocused();
  // arrows walk the menu and wrap around; Escape closes it and gives focus back to the "+"
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('process-insert-cc')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('process-insert-approve')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByTestId(`process-edge-plus-${first.id}`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('process-insert-approve')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(nodeIds).toHaveLength(initial.length + 1);
  const added = (await nodeIds()).find((id) => !initial.includes(id))!;
  // the new node has focus: Enter opens its properties
  await expect(page.locator(`[data-testid="process-canvas"] .react-flow__node[data-id="${added}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('node-drawer-body');
  await expect(drawer).toHaveAttribute('data-node', added);
  await expect(page.getByTestId('strategy-kind')).toBeVisible();
  await expectAxeClean(page, '.fw-process-drawer');

  // ---- strategy: 指定成员, then the user lina found by search ----
  await tabTo(page, 'the strategy kind', (f) => f.testid === 'strategy-kind' && f.tag === 'INPUT');
  await page.keyboard.press('ArrowDown');
  const kindList = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(kindList).toBeVisible();
  const active = kindList.locator('.ant-select-item-option-active');
  for (let i = 0; i < 20 && (await active.textContent()) !== '指定成员'; i++) await page.keyboard.press('ArrowUp');
  await expect(active).toHaveText('指定成员');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('strategy-editor')).toHaveAttribute('data-kind', 'users');
  await expect(page.getByTestId('strategy-missing')).toBeVisible();

  await tabTo(page, 'the user picker', (f) => f.testid === 'strategy-users' && f.tag === 'INPUT');
  await page.keyboard.type('lina');
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '(lina)' });
  await expect(option).toBeVisible();
  await expect(option).toHaveClass(/ant-select-item-option-active/);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('strategy-users')).toContainText(lina.name);
  await expect(page.getByTestId('strategy-missing')).toHaveCount(0);
  // Escape closes the dropdown, the next one the drawer; focus goes back to the node
  await page.keyboard.press('Escape');
  await expect(option).toBeHidden();
  if (await page.getByTestId('node-drawer').isVisible()) await page.keyboard.press('Escape');
  await expect(page.getByTestId('node-drawer')).toBeHidden();
  const node = page.locator(`[data-testid="process-canvas"] .react-flow__node[data-id="${added}"]`);
  await expect(node).toBeFocused();
  await expect(node).toContainText(lina.name);

  // ---- undo and redo the pick ----
  await page.keyboard.press('Control+z');
  await expect(node).not.toContainText(lina.name);
  await page.keyboard.press('Control+y');
  await expect(node).toContainText(lina.name);

  // ---- arrows move the focused, selected node; Delete removes a node (a CC inserted for it) ----
  const transform = () => node.evaluate((el) => (el as HTMLElement).style.transform);
  const before = await transform();
  await page.keyboard.press('ArrowRight');
  await expect.poll(transform).not.toBe(before);
  const plusAgain = page.getByTestId(`process-edge-plus-${first.id}`);
  await tabTo(page, 'the + of the first edge again', byTestId(`process-edge-plus-${first.id}`), { back: true });
  await expect(plusAgain).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('process-insert-cc')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(nodeIds).toHaveLength(initial.length + 2);
  const cc = (await nodeIds()).find((id) => id !== added && !initial.includes(id))!;
  await expect(page.locator(`[data-testid="process-canvas"] .react-flow__node[data-id="${cc}"]`)).toBeFocused();
  await page.keyboard.press('Delete');
  await expect.poll(nodeIds).toEqual(['start', added, ...initial.slice(1)]);

  // ---- a condition group from the "+" menu: its "add branch" button works with Enter; both undone ----
  const nodeAt = (id: string) => page.locator(`[data-testid="process-canvas"] .react-flow__node[data-id="${id}"]`);
  const after = await page
    .locator(`[data-testid="process-canvas"] .react-flow__edge[aria-label="Edge from ${added} to ${initial[1]}"]`)
    .getAttribute('data-id');
  expect(after).toBeTruthy();
  await tabTo(page, 'the + after the new approver', byTestId(`process-edge-plus-${after}`), { back: true });
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('process-insert-condition')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(nodeIds).toHaveLength(initial.length + 2);
  const gateway = (await nodeIds()).find((id) => id !== added && !initial.includes(id))!;
  const branches = page.locator('[data-testid="process-canvas"] [data-testid^="process-branch-"]');
  await expect(branches).toHaveCount(2);
  await expect(nodeAt(gateway)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId(`process-add-branch-${gateway}`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(branches).toHaveCount(3);
  // Enter on the button added a branch; it did not open the node's properties
  await expect(page.getByTestId('node-drawer')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(branches).toHaveCount(2);
  await page.keyboard.press('Control+z');
  await expect.poll(nodeIds).toEqual(['start', added, ...initial.slice(1)]);

  // ---- save (Ctrl+S), then publish from the toolbar ----
  await tabTo(page, 'the publish button', byTestId('process-publish'));
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('process-save')).not.toHaveClass(/ant-btn-loading/);
  await page.keyboard.press('Enter');

  // ---- the published version has the approver with lina ----
  type Item = {
    summary: { latestVersion: number; hasDraft: boolean };
    published: { version: number; nodes: { id: string; type: string; assignee?: { kind: string; userIds?: string[] } }[] } | null;
  };
  const read = () => post<Item>('/tpm/emp/system/process/processDefinition/item/rule', { code });
  await expect.poll(async () => (await read()).summary.latestVersion, { timeout: 15_000 }).toBe(1);
  const item = await read();
  expect(item.published?.version).toBe(1);
  const approver = item.published!.nodes.find((n) => n.id === added);
  expect(approver).toMatchObject({ type: 'approve', assignee: { kind: 'users', userIds: [lina.id] } });
  expect(item.published!.nodes.map((n) => n.id)).toEqual(['start', added, ...initial.slice(1)]);
});

test("a form's process page: none bound → create one bound to the form (keyboard only), then it opens there; the menu offers the process pages", async ({
  page,
  request,
}) => {
  const session = await apiLogin(request, 'admin', 'Admin@123');
  const headers = { Authorization: String(session.mytoken), token: String(session.token), empSessionId: String(session.empSessionId) };
  const post = async <T>(path: string, data: Record<string, unknown>): Promise<T> => {
    const r = await request.post(path, { data, headers });
    const body = (await r.json()) as { code: number; msg: string; data: T };
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };

  // the admin's menu has 流程设置 and the approval pages
  const menu = (await (await request.get('/tpm/system/menu.action', { headers })).json()) as { data: { path: string | null; children?: unknown[] }[] };
  const paths: string[] = [];
  const walk = (ns: { path: string | null; children?: unknown[] }[]) =>
    ns.forEach((n) => {
      if (n.path) paths.push(n.path);
      if (n.children) walk(n.children as typeof ns);
    });
  walk(menu.data);
  for (const p of [
    '/web/system/process/liuChengSheZhi',
    '/web/system/process/renWu-process-ui',
    '/web/system/process/liuChengJianKong',
    '/web/system/process/liuChengRenWuDel',
    '/web/system/juZhen/juZhenList',
    '/web/system/piLiangShenPiBaiMingDan',
    '/web/system/huiDiaoRiZhi/list',
  ])
    expect(paths).toContain(p);

  // a published form without a process (the seeded master-data forms have none)
  const forms = await post<{ rows: { code: string; name: Record<string, string>; processes: unknown[] }[] }>('/tpm/emp/system/process/biaoDan/list', {
    page: 1,
    limit: 50,
  });
  const form = forms.rows.find((f) => f.processes.length === 0);
  test.skip(!form, 'every form already has a process');
  const code = `kbForm${Date.now() % 1_000_000}`;

  await withSession(page, session);
  await page.goto(`/web/system/peiZhi/biaoDanProcess?code=${form!.code}`);
  await expect(page.getByTestId('form-process-empty')).toContainText(form!.name['zh-CN']);
  await expectAxeClean(page, '[data-testid="form-process-empty"]');
  await tabTo(page, 'the create button', byTestId('form-process-create'));
  await page.keyboard.press('Enter');
  await tabTo(page, 'the code input', byTestId('process-codename-code'));
  await page.keyboard.type(code);
  await page.keyboard.press('Tab');
  await page.keyboard.type('表单流程');
  await page.keyboard.press('Enter');
  // the new process opens here, bound to the form
  await expect(page.getByTestId('process-designer')).toBeVisible();
  await expect(page.getByTestId('process-title')).toContainText(code);
  await expect(page.getByTestId('process-bind')).toContainText(form!.name['zh-CN']);
  const item = await post<{ summary: { formCode: string | null } }>('/tpm/emp/system/process/processDefinition/item/rule', { code });
  expect(item.summary.formCode).toBe(form!.code);

  // the form's page now opens that process directly; back (toolbar) goes to the process list
  await page.goto(`/web/system/peiZhi/biaoDanProcess?code=${form!.code}`);
  await expect(page.getByTestId('process-title')).toContainText(code);
  await tabTo(page, 'the back button', byTestId('process-back'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/web\/system\/process\/liuChengSheZhi$/);
  await expect(page.getByTestId(`process-list-name-${code}`)).toBeVisible();

  // the designer's route without a code goes back to the list
  await page.goto('/web/system/process/liuChengTu');
  await expect(page).toHaveURL(/\/web\/system\/process\/liuChengSheZhi$/);
  await expect(page.getByTestId('process-list')).toBeVisible();
});
