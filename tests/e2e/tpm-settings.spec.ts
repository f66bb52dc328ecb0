// The TPM parameter settings against the real server: the index lists the 13 settings pages, each
// a singleton opened on its seeded record of defaults; a change of 软控容差 in 预算设置 is saved,
// survives a reload and is what the records API answers (the value the expense module reads).
// The expense set-up pages render their definitions (none shows 未配置).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, withSession } from './fixtures';

const SETTINGS = '/web/system/setting/tpmCanShuSheZhi';
const FY = '/web/emp/feiYong';

/** The stored value of a setting, through the records API as the administrator. */
async function storedSetting(request: APIRequestContext, token: string, formCode: string, key: string) {
  const list = await (await request.post('/emp/api/v2/biaoDan/record/list', { data: { formCode, page: 1, limit: 10 }, headers: { token } })).json();
  expect(list.code, list.msg).toBe(0);
  expect(list.data.rows.length).toBeGreaterThan(0);
  const got = await (await request.post('/emp/api/v2/biaoDan/record/get', { data: { formCode, id: list.data.rows[0].id }, headers: { token } })).json();
  return { value: got.data.record.data[key] as unknown, total: list.data.totalRecord as number };
}

async function openSetting(page: Page, code: string) {
  await page.goto(`${SETTINGS}/${code}`);
  const p = page.getByTestId('definition-page');
  await expect(p).toHaveAttribute('data-form-code', code, { timeout: 30_000 });
  // the seeded record: modify, not add
  await expect(p).toHaveAttribute('data-mode', '1');
  await expect(page.getByTestId('definition-form')).toBeVisible();
  return p;
}

test.describe('TPM parameter settings', () => {
  test('three settings pages open their record; 软控容差 of 预算设置 is saved and stays after a reload', async ({ page, request }) => {
    test.setTimeout(120_000);
    const session = await apiLogin(request, 'admin', 'Admin@123');
    const token = String(session.mytoken);
    await withSession(page, session);

    // the index: 13 pages, each with a published definition (no 未配置 tag)
    await page.goto(`${SETTINGS}/tpmCanShuSheZhiMain`);
    const index = page.getByTestId('area-index');
    await expect(index).toBeVisible({ timeout: 30_000 });
    await expect(index.locator('a')).toHaveCount(13);
    await expect(index).toContainText('预算设置');
    await expect(index).toContainText('费用核销设置');
    await expect(index).not.toContainText('未配置');

    // 费用结案设置: settlement may not exceed the application (否), from the index link
    await index.getByRole('link', { name: '费用结案设置' }).click();
    await expect(page.getByTestId('definition-page')).toHaveAttribute('data-form-code', 'feiYongJieAnSheZhi', { timeout: 30_000 });
    await expect(page.getByTestId('definition-page')).toHaveAttribute('data-mode', '1');
    await expect(page.getByTestId('field-yunXuChaoShenQing').getByRole('radio', { name: '否' })).toBeChecked();

    // 费用核销设置: 365 days
    await openSetting(page, 'feiYongHeXiaoSheZhi');
    await expect(page.getByLabel(/结案后核销期限/)).toHaveValue('365');
    await expect(page.getByTestId('field-biXuFaPiao').getByRole('radio', { name: '是' })).toBeChecked();

    // 预算设置: change the soft tolerance, save, reload
    await openSetting(page, 'yuSuanSheZhi');
    const tolerance = page.getByLabel(/软控容差/);
    await expect(tolerance).toHaveValue(/^10(\.00)?$/);
    expect((await storedSetting(request, token, 'yuSuanSheZhi', 'ruanKongRongChaBaiFenBi')).value).toBe('10');
    await tolerance.fill('12.5');
    await page.getByTestId('submit').click();
    await expect(page.locator('.ant-message')).toContainText('已保存', { timeout: 15_000 });
    await page.reload();
    await expect(page.getByTestId('definition-page')).toHaveAttribute('data-mode', '1', { timeout: 30_000 });
    await expect(page.getByLabel(/软控容差/)).toHaveValue(/^12\.50?$/);
    // the server holds it, on the one record (a save never adds a second one)
    const stored = await storedSetting(request, token, 'yuSuanSheZhi', 'ruanKongRongChaBaiFenBi');
    expect(stored).toEqual({ value: '12.50', total: 1 });

    // an out-of-range tolerance is refused on the field
    await page.getByLabel(/软控容差/).fill('150');
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('form-errors')).toBeVisible();
    expect((await storedSetting(request, token, 'yuSuanSheZhi', 'ruanKongRongChaBaiFenBi')).value).toBe('12.50');

    // back to the default, for the specs that run after this one on the same server
    await page.getByLabel(/软控容差/).fill('10');
    await page.getByTestId('submit').click();
    await expect.poll(async () => (await storedSetting(request, token, 'yuSuanSheZhi', 'ruanKongRongChaBaiFenBi')).value, { timeout: 15_000 }).toBe('10.00');
  });

  test('the expense set-up and special-project pages render their definitions', async ({ page, request }) => {
    test.setTimeout(120_000);
    await withSession(page, await apiLogin(request, 'admin', 'Admin@123'));
    for (const [path, code] of [
      [`${FY}/sheZhi/feiYongSheZhiList`, 'feiYongSheZhi'],
      [`${FY}/jianHe/jianHeHuiBaoList`, 'jianHeHuiBao'],
      [`${FY}/shenQing/zhuanXiang/suoShuZhuanXiang`, 'zhuanXiangHuoDong'],
      [`${FY}/shenQing/zhuanXiang/zhuanXiangJingLiZhuanJiao`, 'zhuanXiangJingLiZhuanJiao'],
      [`${FY}/shenQing/zhuanXiang/geAnShiYongQingKuang`, 'geAnShiYongQingKuang'],
      [`${FY}/jieAn/zhuanXiang/zhuanXiangJieAnList`, 'feiYongJieAn'],
      [`${FY}/heXiao/zhuanXiang/zhuanXiangHeXiaoList`, 'feiYongHeXiao'],
      [`${FY}/zhiFu/zhuanXiangZhiFuList`, 'feiYongZhiFu'],
      [`${FY}/jieAn/zhuanXiang/zhuanXiangJieAnSelect`, 'zhuanXiangFeiYong'],
      [`${FY}/heXiao/zhuanXiang/zhuanXiangHeXiaoSelect`, 'feiYongJieAn'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('definition-page'), path).toHaveAttribute('data-form-code', code, { timeout: 30_000 });
      await expect(page.getByTestId('definition-list'), path).toHaveAttribute('data-loading', 'false', { timeout: 30_000 });
      await expect(page.getByTestId('generic-error')).toHaveCount(0);
    }
    // the seeded expense types; a new one is added from the list
    await page.goto(`${FY}/sheZhi/feiYongSheZhiList`);
    await expect(page.getByTestId('list-grid')).toContainText('端架陈列', { timeout: 30_000 });
    await expect(page.getByTestId('list-grid')).toContainText('堆头陈列费');
    await page.getByTestId('list-add').click();
    await expect(page.getByTestId('definition-form')).toHaveAttribute('data-mode', '0', { timeout: 30_000 });
    await expect(page.getByTestId('field-kongZhiLeiXing')).toContainText('刚性');
  });
});
