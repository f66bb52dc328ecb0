// The one route table of the generic engine: spec §2 paths → the definition they render and
// how. A new business screen is a new row here plus a definition, never a new page.
//   kind 'list' → DefinitionList of `formCode`; its rows open `formPath`
//   kind 'form' → DefinitionForm of `formCode` in `mode` (add), or modify/view with `?id=`
import { FORM_MODES, FORM_TYPES, isFormMode, type FormMode } from '../../schemas/typeCodes';
import type { FilterOp } from '../../schemas/definition';
// type-only import the other way round (budgetRoutes → RouteEntry): no cycle at run time
import { BUDGET_ROUTES as BUDGET_DOCUMENT_ROUTES } from './budgetRoutes';

export interface RouteFilter {
  key: string;
  op: FilterOp;
  value: unknown;
}

export interface RouteEntry {
  formCode: string;
  kind: 'list' | 'form';
  /** the mode a form opens in without `?id=` (lists: the mode their rows open in) */
  mode: FormMode;
  /** lists: the form page that adds / opens a row */
  formPath?: string;
  /** lists: fixed filters of this page (e.g. the applications waiting for settlement) */
  filters?: RouteFilter[];
  /**
   * forms: the form has one record (a settings page): without `?id=` the page opens the newest
   * record in modify, or adds the first one when there is none yet
   */
  singleton?: boolean;
}

const FY = '/web/emp/feiYong';
const { ADD, MODIFY, VIEW, APPROVE } = FORM_MODES;

const list = (formCode: string, formPath?: string, filters?: RouteFilter[]): RouteEntry => ({
  formCode,
  kind: 'list',
  mode: VIEW,
  ...(formPath ? { formPath } : {}),
  ...(filters ? { filters } : {}),
});
const form = (formCode: string, mode: FormMode = ADD): RouteEntry => ({ formCode, kind: 'form', mode });

/** Approved applications wait for settlement / write-off (approval status 2). */
const APPROVED = [{ key: 'shenPiZhuangTai', op: 'eq' as const, value: '2' }];
/** Voided documents (approval status 5): the void logs. */
const VOIDED = [{ key: 'shenPiZhuangTai', op: 'eq' as const, value: '5' }];
/** Documents of the special-project chain: `laiYuanBiaoDan` is the source application's form code. */
const SPECIAL = [{ key: 'laiYuanBiaoDan', op: 'eq' as const, value: 'zhuanXiangFeiYong' }];
const singleton = (formCode: string): RouteEntry => ({ formCode, kind: 'form', mode: ADD, singleton: true });

/** The TPM parameter settings of spec §2: one singleton form per page, and their index page. */
export const TPM_SETTINGS_PREFIX = '/web/system/setting/tpmCanShuSheZhi';
export const TPM_SETTINGS_CODES = [
  'feiYongJieAnSheZhi',
  'feiYongYuTiSheZhi',
  'feiYongHeXiaoSheZhi',
  'feiYongZhiFuSheZhi',
  'feiYongYuFuSheZhi',
  'tiHuoJiHuaSheZhi',
  'yuSuanSheZhi',
  'feiYongShenQingSheZhi',
  'feiYongShenPiSheZhi',
  'feiYongJianHeSheZhi',
  'feiYongFenXiSheZhi',
  'xiaoShouMuBiaoSheZhi',
  'qiTaCanShuSheZhi',
] as const;

/** Index pages that list the pages under another prefix (the area index of that prefix). */
export const INDEX_ROUTES: Readonly<Record<string, string>> = {
  [`${TPM_SETTINGS_PREFIX}/tpmCanShuSheZhiMain`]: TPM_SETTINGS_PREFIX,
};

/** Master data pages: `<area>/<name>List` lists `<name>`, `<area>/<name>Edit` edits it. */
function masterData(area: string, names: readonly string[]): Record<string, RouteEntry> {
  const out: Record<string, RouteEntry> = {};
  for (const name of names) {
    out[`/web/${area}/${name}List`] = list(name, `/web/${area}/${name}Edit`);
    out[`/web/${area}/${name}Edit`] = form(name);
  }
  return out;
}

export const ROUTE_TABLE: Readonly<Record<string, RouteEntry>> = {
  // expense application (80021) and special-project expense (99700)
  [`${FY}/shenQing/gt/gtFeiYongShenQingList`]: list('feiYongShenQing', `${FY}/shenQing/gt/gtFeiYongShenQingEdit`),
  [`${FY}/shenQing/gt/gtFeiYongShenQingEdit`]: form('feiYongShenQing'),
  [`${FY}/shenQing/zhuanXiang/zhuanXiangFeiYongList`]: list('zhuanXiangFeiYong', `${FY}/shenQing/zhuanXiang/zhuanXiangFeiYongAddUi`),
  [`${FY}/shenQing/zhuanXiang/zhuanXiangFeiYongAddUi`]: form('zhuanXiangFeiYong'),
  // market expense (99800): not named by the spec's route list; this product's paths
  [`${FY}/shenQing/shiChang/shiChangFeiYongList`]: list('shiChangFeiYong', `${FY}/shenQing/shiChang/shiChangFeiYongEdit`),
  [`${FY}/shenQing/shiChang/shiChangFeiYongEdit`]: form('shiChangFeiYong'),
  [`${FY}/shenQing/zhuanXiang/suoShuZhuanXiang`]: list('zhuanXiangHuoDong', `${FY}/shenQing/zhuanXiang/suoShuZhuanXiangEdit`),
  [`${FY}/shenQing/zhuanXiang/suoShuZhuanXiangEdit`]: form('zhuanXiangHuoDong'),
  [`${FY}/shenQing/zhuanXiang/zhuanXiangJingLiZhuanJiao`]: list('zhuanXiangJingLiZhuanJiao', `${FY}/shenQing/zhuanXiang/zhuanXiangJingLiZhuanJiaoEdit`),
  [`${FY}/shenQing/zhuanXiang/zhuanXiangJingLiZhuanJiaoEdit`]: form('zhuanXiangJingLiZhuanJiao'),
  [`${FY}/shenQing/zhuanXiang/geAnShiYongQingKuang`]: list('geAnShiYongQingKuang', `${FY}/shenQing/zhuanXiang/geAnShiYongQingKuangEdit`),
  [`${FY}/shenQing/zhuanXiang/geAnShiYongQingKuangEdit`]: form('geAnShiYongQingKuang'),
  [`${FY}/shenQing/feiYongHuiZongShenPi/ytdFeiYongXiangQing`]: form('feiYongShenQing', APPROVE),
  // settlement (80022)
  [`${FY}/jieAn/feiYongJieAnList`]: list('feiYongJieAn', `${FY}/jieAn/feiYongJieAnEditThree`),
  [`${FY}/jieAn/feiYongDaiJieAnList`]: list('feiYongShenQing', `${FY}/jieAn/feiYongJieAnEditOne`, APPROVED),
  [`${FY}/jieAn/feiYongJieAnEditOne`]: form('feiYongJieAn', ADD),
  [`${FY}/jieAn/feiYongJieAnEditTwo`]: form('feiYongJieAn', MODIFY),
  [`${FY}/jieAn/feiYongJieAnEditThree`]: form('feiYongJieAn', VIEW),
  [`${FY}/jieAn/feiYongJieAnEditThreeOld`]: form('feiYongJieAn', VIEW),
  // special-project settlements: the settlements of special-project applications; select → add
  [`${FY}/jieAn/zhuanXiang/zhuanXiangJieAnList`]: list('feiYongJieAn', `${FY}/jieAn/feiYongJieAnEditThree`, SPECIAL),
  [`${FY}/jieAn/zhuanXiang/zhuanXiangJieAnSelect`]: list('zhuanXiangFeiYong', `${FY}/jieAn/zhuanXiang/zhuanXiangJieAnAdd`, APPROVED),
  [`${FY}/jieAn/zhuanXiang/zhuanXiangJieAnAdd`]: form('feiYongJieAn'),
  // write-off (810510)
  [`${FY}/heXiao/feiYongHeXiaoList`]: list('feiYongHeXiao', `${FY}/heXiao/feiYongHeXiaoEditThree`),
  [`${FY}/heXiao/feiYongDaiHeXiaoList`]: list('feiYongJieAn', `${FY}/heXiao/feiYongHeXiaoEditOne`, APPROVED),
  [`${FY}/heXiao/feiYongHeXiaoEdit`]: form('feiYongHeXiao', ADD),
  [`${FY}/heXiao/feiYongHeXiaoEditOne`]: form('feiYongHeXiao', ADD),
  [`${FY}/heXiao/feiYongHeXiaoEditTwo`]: form('feiYongHeXiao', MODIFY),
  [`${FY}/heXiao/feiYongHeXiaoEditThree`]: form('feiYongHeXiao', VIEW),
  [`${FY}/heXiao/feiYongHeXiaoEditFour`]: form('feiYongHeXiao', APPROVE),
  // special-project write-offs: of special-project settlements; select an approved settlement → add
  [`${FY}/heXiao/zhuanXiang/zhuanXiangHeXiaoList`]: list('feiYongHeXiao', `${FY}/heXiao/feiYongHeXiaoEditThree`, SPECIAL),
  [`${FY}/heXiao/zhuanXiang/zhuanXiangHeXiaoSelect`]: list('feiYongJieAn', `${FY}/heXiao/zhuanXiang/zhuanXiangHeXiaoAdd`, [...APPROVED, ...SPECIAL]),
  [`${FY}/heXiao/zhuanXiang/zhuanXiangHeXiaoAdd`]: form('feiYongHeXiao'),
  // supplementary invoice application
  [`${FY}/buFaPiaoShenQing/list`]: list('buFaPiaoShenQing', `${FY}/buFaPiaoShenQing/edit`),
  [`${FY}/buFaPiaoShenQing/edit`]: form('buFaPiaoShenQing'),
  [`${FY}/buFaPiaoShenQing/xuList`]: list('buFaPiaoShenQing', `${FY}/buFaPiaoShenQing/edit`, APPROVED),
  // payment
  [`${FY}/zhiFu/feiYongZhiFuList`]: list('feiYongZhiFu', `${FY}/zhiFu/feiYongZhiFuMingXi`),
  [`${FY}/zhiFu/zhuanXiangZhiFuList`]: list('feiYongZhiFu', `${FY}/zhiFu/feiYongZhiFuMingXi`, SPECIAL),
  [`${FY}/zhiFu/feiYongZhiFuMingXi`]: form('feiYongZhiFu', VIEW),
  // approved write-offs wait for payment (this product's paths: the spec names the payment lists only); a row opens a new payment of it
  [`${FY}/zhiFu/feiYongDaiZhiFuList`]: list('feiYongHeXiao', `${FY}/zhiFu/feiYongZhiFuEdit`, APPROVED),
  [`${FY}/zhiFu/feiYongZhiFuEdit`]: form('feiYongZhiFu', ADD),
  // prepayment (yuFuKuan) and repayment (huanKuan), this product's paths (the spec names the pages, not their paths):
  // approved applications wait for a prepayment, approved prepayments for a repayment (a row opens a new one of it);
  // the void logs are the voided documents (status 5) with their reason
  [`${FY}/zhiFu/daiYuFuKuanList`]: list('feiYongShenQing', `${FY}/zhiFu/yuFuKuanEdit`, APPROVED),
  [`${FY}/zhiFu/yuFuKuanList`]: list('yuFuKuan', `${FY}/zhiFu/yuFuKuanMingXi`),
  [`${FY}/zhiFu/yuFuKuanEdit`]: form('yuFuKuan', ADD),
  [`${FY}/zhiFu/yuFuKuanMingXi`]: form('yuFuKuan', VIEW),
  [`${FY}/zhiFu/yuFuZuoFeiRiZhi`]: list('yuFuKuan', `${FY}/zhiFu/yuFuKuanMingXi`, VOIDED),
  [`${FY}/zhiFu/daiHuanKuanList`]: list('yuFuKuan', `${FY}/zhiFu/huanKuanEdit`, APPROVED),
  [`${FY}/zhiFu/huanKuanList`]: list('huanKuan', `${FY}/zhiFu/huanKuanMingXi`),
  [`${FY}/zhiFu/huanKuanEdit`]: form('huanKuan', ADD),
  [`${FY}/zhiFu/huanKuanMingXi`]: form('huanKuan', VIEW),
  [`${FY}/zhiFu/huanKuanZuoFeiRiZhi`]: list('huanKuan', `${FY}/zhiFu/huanKuanMingXi`, VOIDED),
  // inspection, expense settings
  [`${FY}/jianHe/jianHeHuiBaoList`]: list('jianHeHuiBao', `${FY}/jianHe/jianHeHuiBaoEdit`),
  [`${FY}/jianHe/jianHeHuiBaoEdit`]: form('jianHeHuiBao'),
  [`${FY}/sheZhi/feiYongSheZhiList`]: list('feiYongSheZhi', `${FY}/sheZhi/feiYongSheZhiEdit`),
  [`${FY}/sheZhi/feiYongSheZhiEdit`]: form('feiYongSheZhi'),
  // budget proposals, changes and allocations, accruals (src/routes/budgetRoutes.ts)
  ...BUDGET_DOCUMENT_ROUTES,
  // TPM parameter settings: one record each (singleton)
  ...Object.fromEntries(TPM_SETTINGS_CODES.map((code) => [`${TPM_SETTINGS_PREFIX}/${code}`, singleton(code)])),
  // master data: information center, supply chain, customers
  ...masterData('xinXiZhongXin', [
    'quDao',
    'shengShiQu',
    'faPiaoYouJiDiZhi',
    'zhiFuFangShi',
    'feiYongHeSuanFangAn',
    'buMen',
    'caiWuZhangHu',
    'keHuLeiXing',
    'wangDianDengJi',
    'wangDianLeiXing',
    'baiMingDan',
    'heiMingDan',
    'caiWuNian',
    'pinPaiFang',
    'tiXingYouXiang',
    'shenQingMuBan',
  ]),
  ...masterData('gongYingLian', [
    'pinPai',
    'pinLei',
    'xiLie',
    'shengChanWuLiao',
    'xiaoShouWuLiao',
    'wuLiuShang',
    'gongYingShang',
    'dingDanFaHuo',
    'xiaoShouDingDan',
  ]),
  ...masterData('keHuGuanLi', [
    'jingXiaoShang',
    'wangDian',
    'jingXiaoShangZiKeHu',
    'shouHuoFang',
    'kaiPiaoFang',
    'zuZhi',
    'chengBenZhongXin',
    'buMenChengBenZhongXin',
  ]),
};

/** The route entry of a pathname (a trailing slash is ignored). */
export function routeEntryOf(pathname: string): RouteEntry | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_TABLE[p] ?? null;
}

/**
 * The pages of an area's index (`/web/keHuGuanLi` → its `…List` routes; a settings area → its
 * singleton forms), in table order; an index route of INDEX_ROUTES lists the prefix it names.
 */
export function areaLists(pathname: string): { path: string; entry: RouteEntry }[] {
  const trimmed = pathname.replace(/\/+$/, '');
  const p = INDEX_ROUTES[trimmed] ?? trimmed;
  if (p.split('/').length < 3) return [];
  return Object.entries(ROUTE_TABLE)
    .filter(([path, e]) => (e.kind === 'list' || e.singleton) && path.startsWith(`${p}/`))
    .map(([path, entry]) => ({ path, entry }));
}

/** The form page that shows a record of a form type (the lookup flow, spec §9). */
export const FORM_TYPE_PAGES: Readonly<Record<number, string>> = {
  [FORM_TYPES.EXPENSE_APPLICATION.code]: `${FY}/shenQing/gt/gtFeiYongShenQingEdit`,
  [FORM_TYPES.MARKET_EXPENSE.code]: `${FY}/shenQing/shiChang/shiChangFeiYongEdit`,
  [FORM_TYPES.SPECIAL_PROJECT.code]: `${FY}/shenQing/zhuanXiang/zhuanXiangFeiYongAddUi`,
  [FORM_TYPES.SETTLEMENT.code]: `${FY}/jieAn/feiYongJieAnEditOne`,
  [FORM_TYPES.WRITE_OFF.code]: `${FY}/heXiao/feiYongHeXiaoEditOne`,
  [FORM_TYPES.PAYMENT.code]: `${FY}/zhiFu/feiYongZhiFuMingXi`,
};

/** The form-builder pages of spec §2 (designer/form). */
export const FORM_BUILDER_ROUTES = {
  list: '/web/system/peiZhi/biaoDanList',
  build: '/web/system/peiZhi/biaoDan/build',
  edit: '/web/system/peiZhi/biaoDanEdit',
  settings: '/web/system/peiZhi/biaoDan/sheZhi',
  listSettings: '/web/system/peiZhi/biaoDan/sheZhiLieBiao',
} as const;

/** Hand-coded pages of the app. */
export const APP_ROUTES = {
  login: '/web/login',
  loginWx: '/web/loginWx',
  dealerLogin: '/web/dp/login',
  maintenance: '/maintenance',
  welcome: '/web/welcome',
  workbench: '/web/system/gongZuoTai',
  personalCenter: '/web/system/geRenZhongXin',
  /** user init password (spec "Other system routes"): an administrator resets a user's password */
  userInitPassword: '/web/system/yongHu/chuShiMiMa',
  lookup: `${FY}/shenQing/shenQingDanChaKan`,
  dealerHome: '/web/dp/shouYe',
  activities: '/web/activitiesconfirmation',
} as const;

/** The budget pool page (hand-coded: balances, ledger, moves — src/pages/budget/BudgetPoolsPage.tsx). */
export const BUDGET_POOL_ROUTES = {
  pools: `${FY}/yuSuan/yuSuanChi`,
  /** spec §2 "Budget: /web/feiYong/sheZhi (channels and budget pool settings)": the same pool page */
  poolSettings: '/web/feiYong/sheZhi',
} as const;

/**
 * The approval pages of spec §2 (hand-coded on runtime/approval and designer/process): the
 * process designer (liuChengSheZhi list, liuChengTu the diagram of `?code=`, biaoDanProcess the
 * process of the form `?code=`), the task center, monitoring, task delete, the callback log, the
 * approver matrices and the expense summary approval.
 */
export const PROCESS_ROUTES = {
  settings: '/web/system/process/liuChengSheZhi',
  diagram: '/web/system/process/liuChengTu',
  formProcess: '/web/system/peiZhi/biaoDanProcess',
  tasks: '/web/system/process/renWu-process-ui',
  monitor: '/web/system/process/liuChengJianKong',
  taskDelete: '/web/system/process/liuChengRenWuDel',
  callbackLog: '/web/system/huiDiaoRiZhi/list',
  matrices: '/web/system/juZhen/juZhenList',
  summaryApproval: `${FY}/shenQing/feiYongHuiZongShenPi`,
  /** the batch-approval whitelist (also the expense summary approval's): one list */
  batchWhitelist: '/web/system/piLiangShenPiBaiMingDan',
} as const;

/**
 * The generic engine pages of spec §2 "Form builder": any published definition by its code,
 * without a row in ROUTE_TABLE (a form an implementer just published in the designer).
 *   list: /web/system/shiShi/biaoDan/list?code=<formCode>             → DefinitionList
 *   form: /web/system/peiZhi/biaoDan/edit?code=<formCode>&id=&type=  → DefinitionForm, mode `type` 0–4
 *   view: /web/system/peiZhi/biaoDan/biaoDanViewInit?code=&id=        → DefinitionForm in mode 2
 * A missing or unpublished code shows 未配置.
 */
export const ENGINE_ROUTES = {
  list: '/web/system/shiShi/biaoDan/list',
  form: '/web/system/peiZhi/biaoDan/edit',
  view: '/web/system/peiZhi/biaoDan/biaoDanViewInit',
} as const;

export type EngineKind = keyof typeof ENGINE_ROUTES;

const FORM_CODE_RE = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;

/** A definition code as the server accepts it (schemas' code pattern). */
export const isFormCode = (code: string | null | undefined): code is string => !!code && FORM_CODE_RE.test(code);

/** Which engine page a pathname is (a trailing slash is ignored), or null. */
export function engineKindOf(pathname: string): EngineKind | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [kind, path] of Object.entries(ENGINE_ROUTES) as [EngineKind, string][]) if (path === p) return kind;
  return null;
}

/** The list page of a form. */
export function engineListPath(code: string): string {
  return `${ENGINE_ROUTES.list}?${new URLSearchParams({ code }).toString()}`;
}

/** The form page of a form: a new record (no id), or record `id` in `mode` (type 0–4). */
export function engineFormPath(code: string, opts: { id?: string; mode?: FormMode; viewOnly?: boolean } = {}): string {
  const q = new URLSearchParams({ code });
  if (opts.id) q.set('id', opts.id);
  if (opts.mode !== undefined) q.set('type', String(opts.mode));
  if (opts.viewOnly) q.set('viewType', '2');
  return `${ENGINE_ROUTES.form}?${q.toString()}`;
}

/**
 * The route entry of an engine page with its query: the code of `?code=`, the mode of `?type=`
 * (or `?mode=`; an `?id=` without one modifies, `viewType=2` and the view page only view).
 */
export function engineEntryOf(pathname: string, params: URLSearchParams): { entry: RouteEntry; mode: FormMode } | null {
  const kind = engineKindOf(pathname);
  const code = params.get('code');
  if (!kind || !isFormCode(code)) return null;
  if (kind === 'list') return { entry: { formCode: code, kind: 'list', mode: VIEW, formPath: ENGINE_ROUTES.form }, mode: VIEW };
  const entry: RouteEntry = { formCode: code, kind: 'form', mode: kind === 'view' ? VIEW : ADD };
  if (kind === 'view' || params.get('viewType') === '2') return { entry, mode: VIEW };
  const raw = params.get('type') ?? params.get('mode');
  const n = raw === null || raw === '' ? NaN : Number(raw);
  if (isFormMode(n)) return { entry, mode: n };
  return { entry, mode: params.get('id') ? MODIFY : ADD };
}

/**
 * The form-settings pages of spec §2 under shiShi/ and ziDingYi/: the designer of `?code=`,
 * opened on its form (biaoDanSheZhi) or on its list settings (sheZhiLieBiao, biaoDanLieBiaoSheZhi).
 */
export const FORM_SETTINGS_ROUTES: Readonly<Record<string, 'design' | 'list'>> = {
  '/web/system/shiShi/biaoDan/biaoDanSheZhi': 'design',
  '/web/system/shiShi/biaoDan/sheZhiLieBiao': 'list',
  '/web/system/ziDingYi/biaoDanSheZhi': 'design',
  '/web/system/ziDingYi/biaoDanLieBiaoSheZhi': 'list',
};

/** The designer tab a form-settings page opens, or null when the path is not one. */
export function formSettingsTabOf(pathname: string): 'design' | 'list' | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return FORM_SETTINGS_ROUTES[p] ?? null;
}
