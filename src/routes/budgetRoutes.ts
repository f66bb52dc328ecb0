// The budget documents' screens (issue 15): budget proposals (tiYuSuan), budget changes and
// allocations (yuSuanBianGeng) and accruals (yuTi) with the review list of the spec
// (/web/feiYong/yuTi/yuTiShenHe: the reviewed, approved accruals). Spread into ROUTE_TABLE.
// The proposal import page is hand-coded (src/pages/budget/ProposalImportPage.tsx) and routed
// by the router at BUDGET_PAGES.proposalImport.
import { FORM_MODES } from '../../schemas/typeCodes';
import type { RouteEntry } from './routeTable';

const YS = '/web/emp/feiYong/yuSuan';
const YT = '/web/feiYong/yuTi';
const { ADD, VIEW } = FORM_MODES;
const APPROVED = [{ key: 'shenPiZhuangTai', op: 'eq' as const, value: '2' }];

export const BUDGET_PAGES = {
  /** the template download and import page (this product's path) */
  proposalImport: `${YS}/tiYuSuan/tiYuSuanDaoRu`,
  proposalList: `${YS}/tiYuSuan/tiYuSuanList`,
  changeList: `${YS}/bianGeng/yuSuanBianGengList`,
  accrualReview: `${YT}/yuTiShenHe`,
} as const;

export const BUDGET_ROUTES: Readonly<Record<string, RouteEntry>> = {
  [BUDGET_PAGES.proposalList]: { formCode: 'tiYuSuan', kind: 'list', mode: VIEW, formPath: `${YS}/tiYuSuan/tiYuSuanEdit` },
  [`${YS}/tiYuSuan/tiYuSuanEdit`]: { formCode: 'tiYuSuan', kind: 'form', mode: ADD },
  [BUDGET_PAGES.changeList]: { formCode: 'yuSuanBianGeng', kind: 'list', mode: VIEW, formPath: `${YS}/bianGeng/yuSuanBianGengEdit` },
  [`${YS}/bianGeng/yuSuanBianGengEdit`]: { formCode: 'yuSuanBianGeng', kind: 'form', mode: ADD },
  [`${YT}/yuTiList`]: { formCode: 'yuTi', kind: 'list', mode: VIEW, formPath: `${YT}/yuTiEdit` },
  [`${YT}/yuTiEdit`]: { formCode: 'yuTi', kind: 'form', mode: ADD },
  [BUDGET_PAGES.accrualReview]: { formCode: 'yuTi', kind: 'list', mode: VIEW, formPath: `${YT}/yuTiView`, filters: APPROVED },
  [`${YT}/yuTiView`]: { formCode: 'yuTi', kind: 'form', mode: VIEW },
};
