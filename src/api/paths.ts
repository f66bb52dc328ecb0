// The client's table of the API contract (schemas/api): method, path, body encoding and answer
// kind of every endpoint, without the TypeBox schemas, so the browser bundle carries neither
// TypeBox nor the contract's schema objects (issue 16: the login route's weight). The types
// come from the contract (`import type`), so `call(endpoints.records.save, body)` is typed by
// the contract's body and data. paths.test.ts checks that this table equals the contract, entry
// for entry, so the two cannot drift: after a change in schemas/api, copy the line it prints.
import type { BodyOf as ContractBodyOf, DataOf as ContractDataOf, Endpoint, Endpoints } from '../../schemas/api';
import type { TASK_TABS as ContractTaskTabs } from '../../schemas/api/process';
import type { MONITOR_STATUSES as ContractMonitorStatuses } from '../../schemas/api/processMonitor';

/** What the client needs of an endpoint to call it. */
export type EndpointRoute = Pick<Endpoint, 'method' | 'path' | 'encoding' | 'answer'>;

declare const CONTRACT: unique symbol;
/** A table entry, carrying (in its type only) the contract's endpoint it stands for. */
export type Route<E extends Endpoint = Endpoint> = {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly encoding?: Endpoint['encoding'];
  readonly answer?: Endpoint['answer'];
  readonly [CONTRACT]?: E;
};

/** The contract's endpoint a table entry (or a contract endpoint) stands for. */
export type ContractOf<R> = R extends { readonly [CONTRACT]?: infer E extends Endpoint } ? E : R extends Endpoint ? R : never;

/** The `data` of a table entry's (or a contract endpoint's) successful answer. */
export type DataOf<R> = ContractDataOf<ContractOf<R>>;
/** The body a table entry (or a contract endpoint) takes (undefined when it takes none). */
export type BodyOf<R> = ContractBodyOf<ContractOf<R>>;

/** The table's shape: every module and endpoint of the contract. */
export type RouteTable = {
  readonly [M in keyof Endpoints]: { readonly [N in keyof Endpoints[M]]: Endpoints[M][N] extends Endpoint ? Route<Endpoints[M][N]> : never };
};

const table = {
  auth: {
    login: { method: 'POST', path: '/emp/api/v2/login' },
    dealerLogin: { method: 'POST', path: '{prefix}/dp/commons/check/check-login.action' },
    loginInit: { method: 'POST', path: '/emp/api/v2/login/init' },
    dealerInit: { method: 'POST', path: '{prefix}/dp/commons/check/check-init.action' },
    logout: { method: 'POST', path: '/emp/api/v2/logout' },
    changePassword: { method: 'POST', path: '/emp/api/v2/login/changePassword' },
    initPassword: { method: 'POST', path: '/emp/api/v2/user/initPassword', encoding: 'json' },
    qrTicket: { method: 'POST', path: '{prefix}/wx/commons/wxConfig/web-qrcode.action' },
    qrPoll: { method: 'POST', path: '{prefix}/wx/commons/wxConfig/webQrcode-callBack.action' },
    qrConfirm: { method: 'POST', path: '{prefix}/wx/commons/wxConfig/webQrcode-confirm.action' },
  },
  definitions: {
    list: { method: 'POST', path: '/emp/api/v2/biaoDan/list' },
    editInit: { method: 'POST', path: '{prefix}/emp/system/commons/biaoDan/edit-init.action' },
    saveDraft: { method: 'POST', path: '{prefix}/emp/system/commons/biaoDan/edit-save.action', encoding: 'json' },
    delete: { method: 'POST', path: '{prefix}/emp/system/commons/biaoDan/delete-row.action' },
    validate: { method: 'POST', path: '/emp/api/v2/biaoDan/validate', encoding: 'json' },
    publish: { method: 'POST', path: '/emp/api/v2/biaoDan/publish' },
    get: { method: 'POST', path: '/emp/api/v2/biaoDan/get' },
    versions: { method: 'POST', path: '/emp/api/v2/biaoDan/versions' },
    export: { method: 'POST', path: '/emp/api/v2/biaoDan/export' },
    import: { method: 'POST', path: '/emp/api/v2/biaoDan/import', encoding: 'json' },
  },
  records: {
    list: { method: 'POST', path: '/emp/api/v2/biaoDan/record/list', answer: 'text' },
    get: { method: 'POST', path: '/emp/api/v2/biaoDan/record/get' },
    save: { method: 'POST', path: '/emp/api/v2/biaoDan/record/save', encoding: 'json' },
    delete: { method: 'POST', path: '/emp/api/v2/biaoDan/record/delete' },
    void: { method: 'POST', path: '/emp/api/v2/biaoDan/record/void' },
    derive: { method: 'POST', path: '/emp/api/v2/biaoDan/record/derive' },
    applicationType: { method: 'POST', path: '/emp/api/v2/feiYong/yinQing/shenQing/getShenQingDanLeiXing' },
  },
  files: {
    upload: { method: 'POST', path: '{prefix}/upload/upload-sellSetting', encoding: 'multipart' },
    download: { method: 'POST', path: '{prefix}/upload/upload-download', answer: 'file' },
    delete: { method: 'POST', path: '{prefix}/upload/upload-delete' },
  },
  masterData: {
    autoComplete: { method: 'POST', path: '{prefix}/emp/base/autoComplete/{name}' },
    budgetPools: { method: 'POST', path: '/emp/api/v2/feiYong/yuSuanChi/list' },
  },
  menu: {
    tree: { method: 'GET', path: '{prefix}/system/menu.action' },
  },
  languages: {
    switch: { method: 'POST', path: '/emp/api/v2/login/duoYuYan' },
    saveKey: { method: 'POST', path: '/emp/api/v2/duoYuYanKey' },
    keys: { method: 'POST', path: '/emp/api/v2/duoYuYan/keys' },
  },
  maintenance: {
    health: { method: 'GET', path: '/health' },
    status: { method: 'GET', path: '/emp/api/v2/maintenance/status' },
    set: { method: 'POST', path: '/emp/api/v2/maintenance' },
  },
  budget: {
    qiYong: { method: 'POST', path: '/emp/api/v2/feiYong/yuSuanChi/qiYong', encoding: 'json' },
    delete: { method: 'POST', path: '/emp/api/v2/feiYong/yuSuanChi/delete', encoding: 'json' },
    editInit: { method: 'POST', path: '/emp/api/v2/feiYong/yuSuanChi/edit/init', encoding: 'json' },
    save: { method: 'POST', path: '/emp/api/feiYong/yuSuan/save', encoding: 'json' },
    export: { method: 'POST', path: '/emp/api/feiYong/yuSuan/daoChu', encoding: 'json', answer: 'file' },
    ledger: { method: 'POST', path: '/emp/api/v2/feiYong/yuSuanChi/ledger', encoding: 'json' },
    ledgerExport: { method: 'POST', path: '/emp/api/v2/feiYong/yuSuanChi/ledger/daoChu', encoding: 'json', answer: 'file' },
    change: { method: 'POST', path: '/emp/api/feiYong/yuSuan/tiaoZheng', encoding: 'json' },
    transfer: { method: 'POST', path: '/emp/api/feiYong/yuSuan/diaoBo', encoding: 'json' },
    allocate: { method: 'POST', path: '/emp/api/feiYong/yuSuan/fenPei', encoding: 'json' },
  },
  budgetProposal: {
    list: { method: 'POST', path: '/emp/api/feiYong/shenQing/tiYuSuan/list' },
    findDataById: { method: 'POST', path: '/emp/api/feiYong/shenQing/tiYuSuan/findDataById' },
    save: { method: 'POST', path: '/emp/api/feiYong/shenQing/tiYuSuan/save', encoding: 'json' },
    detail: { method: 'POST', path: '/emp/api/feiYong/shenQing/tiYuSuan/tiYuSuan-detail' },
    fiscalYears: { method: 'POST', path: '/emp/api/feiYong/shenQing/tiYuSuanGeShi/getTiGeShiCaiNian' },
    model: { method: 'POST', path: '/emp/api/feiYong/shenQing/tiYuSuanGeShi/getGeShiExcelModel' },
    templateRegion: { method: 'POST', path: '/emp/api/feiYong/shenQing/tiYuSuanGeShi/tiMuBan-quYu', answer: 'file' },
    templateChannel: { method: 'POST', path: '/emp/api/feiYong/shenQing/tiYuSuanGeShi/tiMuBan-quDao', answer: 'file' },
    templateSubject: { method: 'POST', path: '/emp/api/feiYong/shenQing/tiYuSuanGeShi/tiMuBan-feiYong', answer: 'file' },
    templateProduct: { method: 'POST', path: '/emp/api/feiYong/shenQing/tiYuSuanGeShi/tiMuBan-chanPin', answer: 'file' },
    import: { method: 'POST', path: '/emp/api/feiYong/shenQing/tiYuSuan/daoRu', encoding: 'json' },
  },
  process: {
    taskAll: { method: 'POST', path: '{prefix}/emp/system/process/processInstance/task-all.action', encoding: 'json' },
    counts: { method: 'POST', path: '{prefix}/emp/system/process/task/counts' },
    detail: { method: 'POST', path: '{prefix}/emp/system/process/processInstance/detail', encoding: 'json' },
    approve: { method: 'POST', path: '{prefix}/emp/system/process/task/approve', encoding: 'json' },
    reject: { method: 'POST', path: '{prefix}/emp/system/process/task/reject', encoding: 'json' },
    return: { method: 'POST', path: '{prefix}/emp/system/process/task/return', encoding: 'json' },
    transfer: { method: 'POST', path: '{prefix}/emp/system/process/task/transfer', encoding: 'json' },
    delegate: { method: 'POST', path: '{prefix}/emp/system/process/task/delegate', encoding: 'json' },
    addSign: { method: 'POST', path: '{prefix}/emp/system/process/task/addSign', encoding: 'json' },
    withdraw: { method: 'POST', path: '{prefix}/emp/system/process/processInstance/withdraw', encoding: 'json' },
    urge: { method: 'POST', path: '{prefix}/emp/system/process/processInstance/urge', encoding: 'json' },
    ccRead: { method: 'POST', path: '{prefix}/emp/system/process/cc/read', encoding: 'json' },
    batch: { method: 'POST', path: '{prefix}/emp/system/process/task/batch', encoding: 'json' },
    dryRun: { method: 'POST', path: '{prefix}/emp/system/process/processInstance/dryRun', encoding: 'json' },
  },
  expense: {
    prepaymentVoid: { method: 'POST', path: '/emp/api/v2/feiYong/yuFu/zuoFei' },
    chain: { method: 'POST', path: '/emp/api/v2/feiYong/danJu/lianLu' },
  },
  processAdmin: {
    definitionList: { method: 'POST', path: '{prefix}/emp/system/process/processDefinition/list' },
    definitionItem: { method: 'POST', path: '{prefix}/emp/system/process/processDefinition/item/rule' },
    definitionSave: { method: 'POST', path: '{prefix}/emp/system/process/processDefinition/update/rule', encoding: 'json' },
    definitionPublish: { method: 'POST', path: '{prefix}/emp/system/process/processDefinition/update/liuChengDingYi' },
    definitionBind: { method: 'POST', path: '{prefix}/emp/system/process/processDefinition/bangDingBiaoDan' },
    conditionDelete: { method: 'POST', path: '{prefix}/emp/system/process/processDefinition/update/tiaoJian-del' },
    enableStatus: { method: 'POST', path: '{prefix}/emp/system/process/processDefinition/updateEnableStatus' },
    modelCreate: { method: 'POST', path: '{prefix}/emp/system/process/model/create', encoding: 'json' },
    modelCopy: { method: 'POST', path: '{prefix}/emp/system/process/model/copy', encoding: 'json' },
    definitionVersions: { method: 'POST', path: '{prefix}/emp/system/process/processDefinition/versions' },
    definitionVersion: { method: 'POST', path: '{prefix}/emp/system/process/processDefinition/version' },
    formList: { method: 'POST', path: '{prefix}/emp/system/process/biaoDan/list' },
    formFields: { method: 'POST', path: '{prefix}/emp/system/process/biaoDan/item/list' },
    matrixList: { method: 'POST', path: '{prefix}/emp/system/process/juZhen/list' },
    matrixInit: { method: 'POST', path: '{prefix}/emp/system/process/juZhen/edit/init' },
    matrixSave: { method: 'POST', path: '{prefix}/emp/system/process/juZhen/edit/save', encoding: 'json' },
    matrixReplaceUser: { method: 'POST', path: '{prefix}/emp/system/process/juZhen/edit/updateEmp' },
    matrixExport: { method: 'POST', path: '{prefix}/emp/system/process/juZhen/edit/daoChu', answer: 'file' },
    matrixExportAll: { method: 'POST', path: '{prefix}/emp/system/process/juZhen/edit/daoChuLiu', answer: 'file' },
    callbackFailures: { method: 'POST', path: '{prefix}/emp/system/process/callback/failure/list' },
    callbackRetry: { method: 'POST', path: '{prefix}/emp/system/process/callback/failure/chongShi', encoding: 'json' },
    taskDelete: { method: 'POST', path: '{prefix}/emp/system/process/task/del' },
  },
  processDirectory: {
    options: { method: 'POST', path: '{prefix}/emp/system/process/directory/options', encoding: 'json' },
    users: { method: 'POST', path: '{prefix}/emp/system/process/directory/users', encoding: 'json' },
  },
  processMonitor: {
    instances: { method: 'POST', path: '{prefix}/emp/system/process/processInstance/list', encoding: 'json' },
    tasks: { method: 'POST', path: '{prefix}/emp/system/process/task/list', encoding: 'json' },
  },
  processWhitelist: {
    list: { method: 'POST', path: '{prefix}/emp/system/process/batchWhitelist/list', encoding: 'json' },
    add: { method: 'POST', path: '{prefix}/emp/system/process/batchWhitelist/add', encoding: 'json' },
    remove: { method: 'POST', path: '{prefix}/emp/system/process/batchWhitelist/remove', encoding: 'json' },
  },
} as const;

/** Every endpoint of the contract, as the client calls it: `call(endpoints.<module>.<name>, body)`. */
export const endpoints: RouteTable = table as RouteTable;

/** An endpoint's path with `{prefix}` and its `{params}` filled in (as schemas/api pathOf). */
export function pathOf(e: Pick<EndpointRoute, 'path'>, prefix: string, params: Record<string, string> = {}): string {
  return e.path.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => {
    if (name === 'prefix') return prefix;
    const v = params[name];
    if (v === undefined) throw new Error(`${e.path}: no value for {${name}}`);
    return encodeURIComponent(v);
  });
}

/** An error at compile time unless A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

/**
 * The task center's tabs, in order (the contract's TASK_TABS of schemas/api/process.ts, which
 * the client takes as a type only: importing its value would bring TypeBox to the workbench).
 */
export const TASK_TABS = ['todo', 'done', 'cc', 'started'] as const;
/** The monitor's instance statuses (the contract's MONITOR_STATUSES of schemas/api/processMonitor.ts). */
export const MONITOR_STATUSES = ['running', 'returned', 'approved', 'rejected', 'withdrawn', 'cancelled'] as const;
/** Typecheck fails when these lists differ from the contract's (members or order). */
export type ListsMatchContract = [
  Assert<Same<typeof TASK_TABS, typeof ContractTaskTabs>>,
  Assert<Same<typeof MONITOR_STATUSES, typeof ContractMonitorStatuses>>,
];
