// The expense application's detail rows (mingXi) on a phone, 360 × 740 with touch (issue 17):
// each row a card with its fields stacked; add three cards, fill them, delete one, copy one; the
// totals stay on the screen; nothing is wider than the viewport.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, withSession } from './fixtures';

const EDIT = '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingEdit';
const WIDTH = 360;

test.use({ viewport: { width: WIDTH, height: 740 }, isMobile: true, hasTouch: true });

/** the rows' values as the inputs show them (a price shows its two decimals): [quantity, unit price] per card */
async function rowsShown(page: Page, n: number) {
  const out: number[][] = [];
  for (let i = 0; i < n; i++) {
    const qty = await page.locator(`#fw-mingXi-${i}-shuLiang`).inputValue();
    const price = await page.locator(`#fw-mingXi-${i}-danJia`).inputValue();
    out.push([Number(qty.replace(/,/g, '')), Number(price.replace(/,/g, ''))]);
  }
  return out;
}

test.describe('phone: detail rows as cards', () => {
  test.beforeEach(async ({ page, request }) => {
    await withSession(page, await apiLogin(request, 'zhangwei', 'Demo@123'));
  });

  test('add three cards, fill, delete one, copy one; totals visible; nothing wider than 360 px', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(EDIT);
    await expect(page.getByTestId('definition-form')).toBeVisible({ timeout: 30_000 });
    const detail = page.getByTestId('field-mingXi');
    const cards = page.getByTestId('cards-mingXi');
    await expect(cards).toBeVisible();
    await expect(detail.getByRole('table')).toHaveCount(0);

    // the definition's minimum row is there; add until three, each add focuses the new card's first field
    await expect(page.getByTestId('row-mingXi-0')).toBeVisible();
    for (let i = (await cards.getByRole('listitem').count()) as number; i < 3; i++) {
      await page.getByTestId('add-row-mingXi').click();
      const card = page.getByTestId(`row-mingXi-${i}`);
      await expect(card.getByRole('heading', { name: `第 ${i + 1} 行` })).toBeVisible();
      await expect(card.locator('.fw-detail-card-fields :focus')).toHaveCount(1);
      await expect(page.locator('#fw-mingXi-' + i + '-pinPai')).toBeFocused();
    }
    await expect(cards.getByRole('listitem')).toHaveCount(3);

    // Tab goes through a card's fields in order
    await page.locator('#fw-mingXi-0-shuLiang').focus();
    await page.keyboard.press('Tab');
    await expect(page.locator('#fw-mingXi-0-danJia')).toBeFocused();

    // fill: 2 × 10, 3 × 5, 1 × 7.5 → amounts 20.00, 15.00, 7.50
    const fill: Array<[string, string]> = [
      ['2', '10'],
      ['3', '5'],
      ['1', '7.5'],
    ];
    for (const [i, [qty, price]] of fill.entries()) {
      await page.getByLabel(`数量 ${i + 1}`, { exact: true }).fill(qty);
      await page.getByLabel(`单价 ${i + 1}`, { exact: true }).fill(price);
      await page.getByLabel(`备注 ${i + 1}`, { exact: true }).fill(`第${i + 1}条`);
    }
    await page.getByLabel('备注 3', { exact: true }).press('Tab');
    await expect(page.getByTestId('cell-mingXi.0.jinE')).toContainText('20.00');
    await expect(page.getByTestId('cell-mingXi.2.jinE')).toContainText('7.50');
    await expect(page.getByTestId('total-mingXi.jinE')).toHaveText('42.50');
    await expect(page.getByTestId('total-mingXi.shuLiang')).toHaveText('6');

    // delete the second card: its neighbour moves up, the totals follow
    await page.getByRole('button', { name: '删除第 2 行' }).click();
    await expect(cards.getByRole('listitem')).toHaveCount(2);
    expect(await rowsShown(page, 2)).toEqual([
      [2, 10],
      [1, 7.5],
    ]);
    await expect(page.getByTestId('total-mingXi.jinE')).toHaveText('27.50');

    // copy the first card: a third card with its values, at the end
    await page.getByRole('button', { name: '复制第 1 行' }).click();
    await expect(cards.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByTestId('row-mingXi-2').getByRole('heading', { name: '第 3 行' })).toBeFocused();
    expect(await rowsShown(page, 3)).toEqual([
      [2, 10],
      [1, 7.5],
      [2, 10],
    ]);
    await expect(page.locator('#fw-mingXi-2-beiZhu')).toHaveValue('第1条');
    await expect(page.getByTestId('cell-mingXi.2.jinE')).toContainText('20.00');
    await expect(page.getByTestId('total-mingXi.jinE')).toHaveText('47.50');
    await expect(page.getByTestId('total-mingXi.shuLiang')).toHaveText('5');

    // the totals stay on the screen while the first card is read: the bar stuck to the bottom, or
    // its fixed copy there when an ancestor clips overflow (sticky then sticks to that ancestor)
    await page.getByTestId('row-mingXi-0').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const shown = page.getByTestId('totals-mingXi').or(page.getByTestId('totals-float-mingXi'));
    await expect(async () => {
      const boxes = await shown.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })));
      expect(boxes.some((b) => b.top >= 0 && b.bottom <= 740 + 1)).toBe(true);
    }).toPass({ timeout: 10_000 });
    await expect(shown.filter({ visible: true }).first()).toContainText('47.50');

    // touch targets and input text size on the cards
    for (const b of await detail.getByRole('button').all()) {
      const box = (await b.boundingBox())!;
      const name = (await b.getAttribute('aria-label')) ?? (await b.innerText());
      expect(box.width, name).toBeGreaterThanOrEqual(44);
      expect(box.height, name).toBeGreaterThanOrEqual(44);
    }
    const fonts = await detail.locator('input').evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
    expect(Math.min(...fonts)).toBeGreaterThanOrEqual(16);

    // nothing wider than the viewport; every input of the cards inside it
    const boxes = await detail.locator('input, textarea').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { id: e.id, left: r.left, right: r.right };
      }),
    );
    expect(boxes.length).toBeGreaterThan(0);
    for (const b of boxes) {
      expect(b.left, b.id).toBeGreaterThanOrEqual(0);
      expect(b.right, b.id).toBeLessThanOrEqual(WIDTH);
    }
    // axe on the cards (target-size switched on): no serious or critical violation
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="field-mingXi"]')
      .options({ rules: { 'target-size': { enabled: true } } })
      .analyze();
    const bad = axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad).toEqual([]);

    const detailBox = (await detail.boundingBox())!;
    expect(detailBox.x + detailBox.width).toBeLessThanOrEqual(WIDTH);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(WIDTH);
  });
});
