// The seeded definition catalog: the business forms of the portal as definitions (data, not
// code). The server seeds them on first start; tests validate every entry and compile its
// record schema. Each form carries its list settings (`list`).
import type { FormDefinition } from '../definition';
import type { ProcessDefinition } from '../process/model';
import feiYongShenQing from './feiYongShenQing.json';
import feiYongJieAn from './feiYongJieAn.json';
import feiYongHeXiao from './feiYongHeXiao.json';
import feiYongZhiFu from './feiYongZhiFu.json';
import buFaPiaoShenQing from './buFaPiaoShenQing.json';
import shiChangFeiYong from './shiChangFeiYong.json';
import zhuanXiangFeiYong from './zhuanXiangFeiYong.json';
import jingXiaoShang from './jingXiaoShang.json';
import wangDian from './wangDian.json';
import tiYuSuan from './tiYuSuan.json';
import yuSuanBianGeng from './yuSuanBianGeng.json';
import yuTi from './yuTi.json';
import yuFuKuan from './yuFuKuan.json';
import huanKuan from './huanKuan.json';
import feiYongShenQingLiuCheng from './feiYongShenQingLiuCheng.process.json';
import feiYongJieAnLiuCheng from './feiYongJieAnLiuCheng.process.json';
import feiYongHeXiaoLiuCheng from './feiYongHeXiaoLiuCheng.process.json';
import shiChangFeiYongLiuCheng from './shiChangFeiYongLiuCheng.process.json';
import zhuanXiangFeiYongLiuCheng from './zhuanXiangFeiYongLiuCheng.process.json';
import tiYuSuanLiuCheng from './tiYuSuanLiuCheng.process.json';
import yuSuanBianGengLiuCheng from './yuSuanBianGengLiuCheng.process.json';
import yuTiLiuCheng from './yuTiLiuCheng.process.json';

// JSON imports widen literals (width: number, not 12 | 24); the catalog test proves each
// entry valid against FormDefinition, which is what the cast asserts.
const form = (doc: unknown) => doc as FormDefinition;

/** Shared objects: clone (structuredClone) before changing one. Expense application (80021), settlement (80022), write-off (810510), market expense (99800), special project (99700), dealer and outlet master data (0). */
export const CATALOG: FormDefinition[] = [
  form(feiYongShenQing),
  form(feiYongJieAn),
  form(feiYongHeXiao),
  form(feiYongZhiFu),
  form(buFaPiaoShenQing),
  form(shiChangFeiYong),
  form(zhuanXiangFeiYong),
  form(jingXiaoShang),
  form(wangDian),
  // budget: proposals, changes and allocations, accruals (generic type 0; the expense module's hooks key on the code)
  form(tiYuSuan),
  form(yuSuanBianGeng),
  form(yuTi),
  // prepayment and its repayment (generic type 0; server/modules/expense/prepayment.ts keys on the code)
  form(yuFuKuan),
  form(huanKuan),
];

/** The catalog by form code. */
export const CATALOG_BY_CODE: ReadonlyMap<string, FormDefinition> = new Map(CATALOG.map((d) => [d.code, d]));

/** Seeded approval processes (bound to their forms by `formCode` and the form's `processCode`). */
export const CATALOG_PROCESSES: ProcessDefinition[] = [
  feiYongShenQingLiuCheng,
  feiYongJieAnLiuCheng,
  feiYongHeXiaoLiuCheng,
  shiChangFeiYongLiuCheng,
  zhuanXiangFeiYongLiuCheng,
  tiYuSuanLiuCheng,
  yuSuanBianGengLiuCheng,
  yuTiLiuCheng,
].map((doc) => doc as unknown as ProcessDefinition);
