// The form designer without a mouse: fields are added from the palette with Enter and moved on
// the canvas with dnd-kit's keyboard sensor (Space to pick up, arrows to move, Space to drop),
// with a visible focus ring; the new order reaches the autosaved draft on the server.
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, withSession } from './fixtures';

const canvasOrder = (page: Page) =>
  page
    .locator('.fw-designer-grid > [data-testid^="canvas-field-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('canvas-field-', '')));

test('a field is dragged with the keyboard only, with visible focus', async ({ page, request }) => {
  const session = await apiLogin(request, 'admin', 'Admin@123');
  await withSession(page, session);
  const code = `kbDrag${Date.now() % 1_000_000}`;
  await page.goto('/web/system/peiZhi/biaoDan/build');
  await page.getByTestId('create-code').fill(code);
  await page.getByTestId('create-name').fill('键盘拖拽测试');
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('form-designer')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`code=${code}`));

  // add three fields from the palette with the keyboard (Enter on a palette entry)
  for (const id of ['text', 'decimal', 'date']) {
    await page.getByTestId(`palette-${id}`).focus();
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => canvasOrder(page)).toEqual(['text1', 'decimal1', 'date1']);

  // focus the last field with Tab from the one before it, so focus is keyboard focus
  await page.getByTestId('canvas-field-decimal1').focus();
  await page.keyboard.press('Tab');
  const item = page.getByTestId('canvas-field-date1');
  // Tab may land on the selected item's action buttons first; go on until the date field has focus
  for (let i = 0; i < 6 && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(item).toBeFocused();
  const ring = await item.evaluate((el) => ({
    visible: el.matches(':focus-visible'),
    outline: getComputedStyle(el).outlineStyle,
    width: getComputedStyle(el).outlineWidth,
  }));
  expect(ring.visible).toBe(true);
  expect(ring.outline).not.toBe('none');
  expect(parseFloat(ring.width)).toBeGreaterThanOrEqual(2);

  // pick up, move up to the first field, drop
  await page.keyboard.press('Space');
  await expect(item).toHaveAttribute('data-dragging', 'true');
  await page.keyboard.press('ArrowUp');
  // the sensor measures, then announces the new position (what a screen-reader user hears)
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('date1 移动到 text1 上方');
  await page.keyboard.press('Space');
  await expect(item).toHaveAttribute('data-dragging', 'false');
  await expect.poll(() => canvasOrder(page)).toEqual(['date1', 'text1', 'decimal1']);
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('date1 已放到 text1');

  // Escape cancels a keyboard drag: nothing moves
  await item.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('date1 移动到');
  await page.keyboard.press('Escape');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('已取消拖动 date1');
  await expect.poll(() => canvasOrder(page)).toEqual(['date1', 'text1', 'decimal1']);

  // undo and redo with the keyboard
  await page.keyboard.press('Control+z');
  await expect.poll(() => canvasOrder(page)).toEqual(['text1', 'decimal1', 'date1']);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => canvasOrder(page)).toEqual(['date1', 'text1', 'decimal1']);

  // the autosaved draft on the server has the new order
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  const r = await request.post('/tpm/emp/system/commons/biaoDan/edit-init.action', {
    form: { code },
    headers: { Authorization: String(session.mytoken), token: String(session.token), empSessionId: String(session.empSessionId) },
  });
  const body = (await r.json()) as { code: number; data: { draft: { fields: { key: string }[] } } };
  expect(body.code).toBe(0);
  expect(body.data.draft.fields.map((f) => f.key)).toEqual(['date1', 'text1', 'decimal1']);
});
