// Which paths are in a route table at all (issue 16): a path of the spec's route table that has
// no page yet shows 未配置 (NotConfiguredPage); a path in no route table is not found (404).
// The sources: the engine's ROUTE_TABLE and its area indexes, the hand-coded pages, the spec's
// §2 routes not configured yet (below), and the menu the server returned (an administrator may
// add a menu entry before its page exists).
import {
  APP_ROUTES,
  BUDGET_POOL_ROUTES,
  ENGINE_ROUTES,
  FORM_BUILDER_ROUTES,
  FORM_SETTINGS_ROUTES,
  INDEX_ROUTES,
  PROCESS_ROUTES,
  areaLists,
  routeEntryOf,
} from './routeTable';
import { BUDGET_PAGES } from './budgetRoutes';

/** Spec §2 paths named exactly that have no page of their own yet. */
export const SPEC_UNCONFIGURED_ROUTES: readonly string[] = [
  '/web/report/kanBan/dashBoard',
  '/web/system/shiShi/biaoDan/biaoDanListMingXi',
  '/web/system/peiZhi/biaoDanListMingXi',
  ...[
    'biaoDanDaoChu',
    'biaoDanDefaultList',
    'sheZhiGongNeng',
    'daoChu/list',
    'log/shenQingMingXiLog',
    'chuangJian/biaoDanChuangJianList',
    'chuangJian/biaoDanLiuChengZiDuan',
  ].map((p) => `/web/system/peiZhi/biaoDan/${p}`),
  '/web/system/diTu/guiJi',
  '/web/system/dingShiRenWu/index',
  '/web/system/dingShiRenWu/diaoDuRiZhi',
  '/web/system/jieKouYinQing/index',
  '/web/system/jieKouYinQing/add',
  '/web/system/jieKouYinQing/jieKouRiZhiView',
  '/web/system/message/index',
  '/web/system/message/xiaoXiGenZong',
  '/web/tool/api',
  ...['bangZhuListUI', 'bangZhuAddUI', 'bangZhuEditUI', 'bangZhuView'].map((p) => `/web/information/bangZhu/${p}`),
];

/**
 * Spec §2 areas named without their pages (the route table is cut off): any path under them is
 * a route of the spec, not configured yet.
 */
export const SPEC_UNCONFIGURED_AREAS: readonly string[] = [
  '/web/monitor',
  '/web/report/yinQing',
  '/web/report/guanLi',
  '/web/yiDongYingXiao',
  '/web/caiWuGuanLi',
  '/web/xiTongGuanLi',
  '/web/yingXiaoGuanLi',
  '/web/tsp',
  '/web/emp/feiYong/heTong',
  '/web/emp/feiYong/jueCe',
  '/web/emp/feiYong/guanLi',
];

/** The dealer portal's pages (spec §2 "Dealer portal under /web/dp"). */
export const DEALER_PAGES: readonly string[] = ['shouYe', 'gongZuoTai', 'bangZhuZhongXin', 'faLvShuoMing', 'gongNengList', 'guanYuWoMen'];

const HAND_CODED = new Set<string>([
  ...Object.values(APP_ROUTES),
  ...Object.values(BUDGET_POOL_ROUTES),
  ...Object.values(ENGINE_ROUTES),
  ...Object.values(FORM_BUILDER_ROUTES),
  ...Object.values(PROCESS_ROUTES),
  ...Object.values(BUDGET_PAGES),
  ...Object.keys(FORM_SETTINGS_ROUTES),
  ...Object.keys(INDEX_ROUTES),
  ...SPEC_UNCONFIGURED_ROUTES,
]);

/** Whether a path is in any route table (or in the user's menu, `menuPaths`). */
export function isKnownRoute(pathname: string, menuPaths: ReadonlySet<string> = new Set()): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (HAND_CODED.has(p) || menuPaths.has(p) || routeEntryOf(p) || areaLists(p).length) return true;
  return SPEC_UNCONFIGURED_AREAS.some((a) => p === a || p.startsWith(`${a}/`));
}
