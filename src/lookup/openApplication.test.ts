import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import type { ApplicationType } from '../api/services';
import { i18n } from '../i18n/i18n';
import { lookupPath, resolveApplication, targetFormType } from './openApplication';

const t = i18n.getFixedT('zh-CN');
const found = (id: string, feiYongLeiXing: number) => async (): Promise<ApplicationType> => ({ id, feiYongLeiXing });

describe('document-number lookup (spec §5, §8, §9)', () => {
  it('a missing number: 未获取到申请单编号, without calling the server', async () => {
    let called = false;
    const r = await resolveApplication(
      '  ',
      undefined,
      async () => {
        called = true;
        return { id: '1', feiYongLeiXing: 80021 };
      },
      t,
    );
    expect(r).toEqual({ ok: false, message: '未获取到申请单编号' });
    expect(called).toBe(false);
  });

  it('a failure answer: 获取申请单信息异常：{msg}', async () => {
    const r = await resolveApplication(
      'FW202601010001',
      undefined,
      async () => {
        throw new ApiError('business', '申请单不存在', { code: 1, status: 200 });
      },
      t,
    );
    expect(r).toEqual({ ok: false, message: '获取申请单信息异常：申请单不存在' });
  });

  it('a failed request: 获取申请单信息异常', async () => {
    const r = await resolveApplication(
      'FW202601010001',
      undefined,
      async () => {
        throw new ApiError('network', 'Failed to fetch');
      },
      t,
    );
    expect(r).toEqual({ ok: false, message: '获取申请单信息异常' });
  });

  it('an expired session: nothing more to say (the catalogue shows its dialog)', async () => {
    const r = await resolveApplication(
      'X',
      undefined,
      async () => {
        throw new ApiError('business', 'expired', { handled: true });
      },
      t,
    );
    expect(r).toEqual({ ok: false, message: null });
  });

  it('80021 opens its settlement (type 1 → 80022) and write-off (type 2 → 810510) views with its id', async () => {
    expect(targetFormType(80021, 1)).toBe(80022);
    expect(targetFormType(80021, 2)).toBe(810510);
    expect(targetFormType(80021)).toBe(80021);
    expect(targetFormType(99700, 1)).toBe(99700);
    const id = '1234567890123456789';
    const view = await resolveApplication('FW1', undefined, found(id, 80021), t);
    expect(view).toEqual({ ok: true, path: `/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingEdit?id=${id}&viewType=2` });
    const settle = await resolveApplication('FW1', 1, found(id, 80021), t);
    expect(settle).toEqual({ ok: true, path: `/web/emp/feiYong/jieAn/feiYongJieAnEditOne?shenQingId=${id}` });
    const writeOff = await resolveApplication('FW1', 2, found(id, 80021), t);
    expect(writeOff).toEqual({ ok: true, path: `/web/emp/feiYong/heXiao/feiYongHeXiaoEditOne?shenQingId=${id}` });
    // the server may answer the view's type already
    const settle2 = await resolveApplication('FW1', 1, found(id, 80022), t);
    expect(settle2).toEqual({ ok: true, path: `/web/emp/feiYong/jieAn/feiYongJieAnEditOne?shenQingId=${id}` });
    // the application's settlement / write-off exists already: the lookup answers it, the view opens it
    const linked = '2234567890123456789';
    const settled = await resolveApplication('FW1', 1, async () => ({ id, feiYongLeiXing: 80022, linkedId: linked }), t);
    expect(settled).toEqual({ ok: true, path: `/web/emp/feiYong/jieAn/feiYongJieAnEditOne?id=${linked}&viewType=2` });
    const writtenOff = await resolveApplication('FW1', 2, async () => ({ id, feiYongLeiXing: 810510, linkedId: linked }), t);
    expect(writtenOff).toEqual({ ok: true, path: `/web/emp/feiYong/heXiao/feiYongHeXiaoEditOne?id=${linked}&viewType=2` });
    const none = await resolveApplication('FW1', 1, async () => ({ id, feiYongLeiXing: 80022, linkedId: null }), t);
    expect(none).toEqual({ ok: true, path: `/web/emp/feiYong/jieAn/feiYongJieAnEditOne?shenQingId=${id}` });
    const special = await resolveApplication('FW1', undefined, found(id, 99700), t);
    expect(special.ok && special.path).toBe(`/web/emp/feiYong/shenQing/zhuanXiang/zhuanXiangFeiYongAddUi?id=${id}&viewType=2`);
  });

  it('passes number and type to the lookup and builds the lookup page address', async () => {
    const seen: unknown[] = [];
    await resolveApplication(
      ' FW9 ',
      2,
      async (n, ty) => {
        seen.push(n, ty);
        return { id: '1', feiYongLeiXing: 80021 };
      },
      t,
    );
    expect(seen).toEqual(['FW9', 2]);
    expect(lookupPath('FW 1', 1)).toBe('/web/emp/feiYong/shenQing/shenQingDanChaKan?number=FW+1&type=1');
  });

  it('an unknown type says so', async () => {
    const r = await resolveApplication('FW1', undefined, found('1', 12345), t);
    expect(r.ok).toBe(false);
  });
});
