// Helper definitions of the settings and expense set-up pages (data, not code), kept apart from
// CATALOG (the business documents): the 13 TPM parameter settings under
// /web/system/setting/tpmCanShuSheZhi/ — each a singleton, one record the expense module reads
// (server/modules/expense/settings.ts: the newest valid record, else these defaults) — and the
// expense set-up lists (expense types, inspection reports, special projects, manager handover,
// per-case usage). server/seed/settingsSeed.ts publishes them and seeds each singleton's record.
import type { FormDefinition } from '../definition';
import feiYongJieAnSheZhi from './feiYongJieAnSheZhi.json';
import feiYongYuTiSheZhi from './feiYongYuTiSheZhi.json';
import feiYongHeXiaoSheZhi from './feiYongHeXiaoSheZhi.json';
import feiYongZhiFuSheZhi from './feiYongZhiFuSheZhi.json';
import feiYongYuFuSheZhi from './feiYongYuFuSheZhi.json';
import tiHuoJiHuaSheZhi from './tiHuoJiHuaSheZhi.json';
import yuSuanSheZhi from './yuSuanSheZhi.json';
import feiYongShenQingSheZhi from './feiYongShenQingSheZhi.json';
import feiYongShenPiSheZhi from './feiYongShenPiSheZhi.json';
import feiYongJianHeSheZhi from './feiYongJianHeSheZhi.json';
import feiYongFenXiSheZhi from './feiYongFenXiSheZhi.json';
import xiaoShouMuBiaoSheZhi from './xiaoShouMuBiaoSheZhi.json';
import qiTaCanShuSheZhi from './qiTaCanShuSheZhi.json';
import feiYongSheZhi from './feiYongSheZhi.json';
import jianHeHuiBao from './jianHeHuiBao.json';
import zhuanXiangHuoDong from './zhuanXiangHuoDong.json';
import zhuanXiangJingLiZhuanJiao from './zhuanXiangJingLiZhuanJiao.json';
import geAnShiYongQingKuang from './geAnShiYongQingKuang.json';

// JSON imports widen literals; settings.test.ts proves each entry a valid FormDefinition.
const form = (doc: unknown) => doc as FormDefinition;

/** The TPM parameter settings, in the order of the settings index page (spec §2). */
export const TPM_SETTINGS_FORMS: readonly FormDefinition[] = [
  feiYongJieAnSheZhi,
  feiYongYuTiSheZhi,
  feiYongHeXiaoSheZhi,
  feiYongZhiFuSheZhi,
  feiYongYuFuSheZhi,
  tiHuoJiHuaSheZhi,
  yuSuanSheZhi,
  feiYongShenQingSheZhi,
  feiYongShenPiSheZhi,
  feiYongJianHeSheZhi,
  feiYongFenXiSheZhi,
  xiaoShouMuBiaoSheZhi,
  qiTaCanShuSheZhi,
].map(form);

/** The expense set-up forms with lists: expense types, inspections, special projects. */
export const EXPENSE_SETUP_FORMS: readonly FormDefinition[] = [
  feiYongSheZhi,
  jianHeHuiBao,
  zhuanXiangHuoDong,
  zhuanXiangJingLiZhuanJiao,
  geAnShiYongQingKuang,
].map(form);

/** Every definition of this file (shared objects: clone before changing one). */
export const SETTINGS_CATALOG: readonly FormDefinition[] = [...TPM_SETTINGS_FORMS, ...EXPENSE_SETUP_FORMS];

/** A settings form's record of its defaults: every field with a `default` (dividers hold none). */
export function settingsDefaults(def: FormDefinition): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) if (f.default !== undefined) out[f.key] = f.default;
  return out;
}
