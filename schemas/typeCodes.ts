// The type-code registry: every code of spec §3 and §9, defined once, as data.
// Unions, lookups and guards below are derived from these tables; nothing else in the
// project may spell a type code as a bare number.

/** Value types of spec §3, plus `Structured` for values that are objects or arrays. */
export const VALUE_TYPES = ['String', 'Integer', 'BigDecimal', 'Boolean', 'Structured'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** Localised name: zh-CN is the spec's language and always present. */
export interface CodeName {
  readonly 'zh-CN': string;
  readonly 'en-US': string;
  readonly 'zh-TW': string;
}

/**
 * A master-data source a picker reads from. `endpoint` is the autocomplete name under
 * `{prefix}/emp/base/autoComplete/` — those listed in spec §7 are marked `spec: true`; the
 * others are this product's additions on the same path shape.
 */
export interface MasterDataSource {
  readonly table: string;
  readonly endpoint: string;
  readonly spec: boolean;
  /** extra query parameters the endpoint needs (e.g. a channel level or a ref-code type) */
  readonly params?: Readonly<Record<string, string>>;
}

export interface FieldTypeInfo {
  readonly code: number;
  /** stable identifier, used for widget folder names and in code */
  readonly id: string;
  readonly name: CodeName;
  readonly valueType: ValueType;
  /** default maximum length of the stored value (characters for strings, digits for numbers) */
  readonly defaultLength: number | null;
  /** false only for layout-only types (the divider) */
  readonly holdsValue: boolean;
  /** where pickers look values up; null for free-entry types */
  readonly source: MasterDataSource | null;
  readonly kind: 'field' | 'component';
}

const src = (table: string, endpoint: string, spec: boolean, params?: Record<string, string>): MasterDataSource =>
  params ? { table, endpoint, spec, params } : { table, endpoint, spec };

/** Field types (spec §3 "Field types"). */
export const FIELD_TYPES = {
  TEXT: {
    code: 0,
    id: 'text',
    name: { 'zh-CN': '单行文本', 'en-US': 'Single-line text', 'zh-TW': '單行文本' },
    valueType: 'String',
    defaultLength: 200,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  TEXTAREA: {
    code: 1,
    id: 'textarea',
    name: { 'zh-CN': '多行文本', 'en-US': 'Multi-line text', 'zh-TW': '多行文本' },
    valueType: 'String',
    defaultLength: 2000,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  SELECT: {
    code: 2,
    id: 'select',
    name: { 'zh-CN': '下拉框', 'en-US': 'Dropdown', 'zh-TW': '下拉框' },
    valueType: 'String',
    defaultLength: 64,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  DEPARTMENT: {
    code: 7,
    id: 'department',
    name: { 'zh-CN': '部门', 'en-US': 'Department', 'zh-TW': '部門' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('department', 'department', true),
    kind: 'field',
  },
  INTEGER: {
    code: 15,
    id: 'integer',
    name: { 'zh-CN': '整数', 'en-US': 'Integer', 'zh-TW': '整數' },
    valueType: 'Integer',
    defaultLength: 11,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  DECIMAL: {
    code: 16,
    id: 'decimal',
    name: { 'zh-CN': '小数', 'en-US': 'Decimal', 'zh-TW': '小數' },
    valueType: 'BigDecimal',
    defaultLength: 18,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  RADIO: {
    code: 19,
    id: 'radio',
    name: { 'zh-CN': '单选框', 'en-US': 'Radio', 'zh-TW': '單選框' },
    valueType: 'String',
    defaultLength: 64,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  ATTACHMENT: {
    code: 21,
    id: 'attachment',
    name: { 'zh-CN': '附件', 'en-US': 'Attachment', 'zh-TW': '附件' },
    valueType: 'Structured',
    defaultLength: null,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  FISCAL_YEAR: {
    code: 51,
    id: 'fiscalYear',
    name: { 'zh-CN': '财年', 'en-US': 'Fiscal year', 'zh-TW': '財年' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('fiscal_year', 'caiwunian-all', true),
    kind: 'field',
  },
  ROLE: {
    code: 52,
    id: 'role',
    name: { 'zh-CN': '角色', 'en-US': 'Role', 'zh-TW': '角色' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('role', 'role', false),
    kind: 'field',
  },
  POTENTIAL_CUSTOMER: {
    code: 59,
    id: 'potentialCustomer',
    name: { 'zh-CN': '潜在客户', 'en-US': 'Potential customer', 'zh-TW': '潛在客戶' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('potential_customer', 'qianZaiKeHu', false),
    kind: 'field',
  },
  TASK: {
    code: 63,
    id: 'task',
    name: { 'zh-CN': '任务', 'en-US': 'Task', 'zh-TW': '任務' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('task', 'renWu', false),
    kind: 'field',
  },
  RICH_TEXT: {
    code: 65,
    id: 'richText',
    name: { 'zh-CN': '富文本', 'en-US': 'Rich text', 'zh-TW': '富文本' },
    valueType: 'String',
    defaultLength: 65535,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  BUDGET_POOL: {
    code: 68,
    id: 'budgetPool',
    name: { 'zh-CN': '预算池', 'en-US': 'Budget pool', 'zh-TW': '預算池' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('budget_pool', 'yuSuanChi', false),
    kind: 'field',
  },
  SPECIAL_ACTIVITY: {
    code: 74,
    id: 'specialActivity',
    name: { 'zh-CN': '专项活动', 'en-US': 'Special activity', 'zh-TW': '專項活動' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('special_activity', 'zhuanXiang', false),
    kind: 'field',
  },
  CUSTOM: {
    code: 77,
    id: 'custom',
    name: { 'zh-CN': '自定义组件', 'en-US': 'Custom component', 'zh-TW': '自定義組件' },
    valueType: 'Structured',
    defaultLength: null,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  DATE: {
    code: 80,
    id: 'date',
    name: { 'zh-CN': '日期', 'en-US': 'Date', 'zh-TW': '日期' },
    valueType: 'String',
    defaultLength: 100,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  EMPLOYEE: {
    code: 81,
    id: 'employee',
    name: { 'zh-CN': '员工', 'en-US': 'Employee', 'zh-TW': '員工' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('employee', 'employee', true),
    kind: 'field',
  },
  DEALER_USER: {
    code: 82,
    id: 'dealerUser',
    name: { 'zh-CN': '经销商用户', 'en-US': 'Dealer user', 'zh-TW': '經銷商用戶' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('dealer_user', 'dealerUser', false),
    kind: 'field',
  },
  TIER: {
    code: 84,
    id: 'tier',
    name: { 'zh-CN': '阶梯', 'en-US': 'Tier', 'zh-TW': '階梯' },
    valueType: 'Structured',
    defaultLength: null,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  BUSINESS_SECTOR: {
    code: 85,
    id: 'businessSector',
    name: { 'zh-CN': '业务板块', 'en-US': 'Business sector', 'zh-TW': '業務板塊' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('ref_code', 'refcode', true, { refType: 'yeWuBanKuai' }),
    kind: 'field',
  },
  CODE: {
    code: 92,
    id: 'code',
    name: { 'zh-CN': '编号', 'en-US': 'Number/code', 'zh-TW': '編號' },
    valueType: 'String',
    defaultLength: 30,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  IMAGE: {
    code: 97,
    id: 'image',
    name: { 'zh-CN': '图片', 'en-US': 'Image', 'zh-TW': '圖片' },
    valueType: 'Structured',
    defaultLength: null,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  SUB_FORM: {
    code: 99997,
    id: 'subForm',
    name: { 'zh-CN': '子表单', 'en-US': 'Sub-form', 'zh-TW': '子表單' },
    valueType: 'Structured',
    defaultLength: null,
    holdsValue: true,
    source: null,
    kind: 'field',
  },
  DIVIDER: {
    code: 99999,
    id: 'divider',
    name: { 'zh-CN': '分割线', 'en-US': 'Divider', 'zh-TW': '分割線' },
    valueType: 'String',
    defaultLength: null,
    holdsValue: false,
    source: null,
    kind: 'field',
  },
} as const satisfies Record<string, FieldTypeInfo>;

/** Component types (spec §3 "Form component types"): master-data pickers and the map. */
export const COMPONENT_TYPES = {
  DEALER: {
    code: 87,
    id: 'dealer',
    name: { 'zh-CN': '经销商', 'en-US': 'Dealer', 'zh-TW': '經銷商' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('dealer', 'dealerConnTable', true),
    kind: 'component',
  },
  CHAIN_SYSTEM: {
    code: 11,
    id: 'chainSystem',
    name: { 'zh-CN': '连锁系统', 'en-US': 'Chain system', 'zh-TW': '連鎖系統' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('chain_system', 'dealerSystem', true),
    kind: 'component',
  },
  OUTLET: {
    code: 14,
    id: 'outlet',
    name: { 'zh-CN': '网点', 'en-US': 'Outlet', 'zh-TW': '網點' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('outlet', 'wangDian', true),
    kind: 'component',
  },
  SOLD_TO_PARTY: {
    code: 89,
    id: 'soldToParty',
    name: { 'zh-CN': '售达方', 'en-US': 'Sold-to party', 'zh-TW': '售達方' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('sold_to_party', 'shouDaFang', false),
    kind: 'component',
  },
  EXPENSE_SUBJECT: {
    code: 39,
    id: 'expenseSubject',
    name: { 'zh-CN': '三级科目', 'en-US': 'Level-3 expense subject', 'zh-TW': '三級科目' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('expense_subject', 'sanJiKeMu', true),
    kind: 'component',
  },
  PAYMENT_METHOD: {
    code: 67,
    id: 'paymentMethod',
    name: { 'zh-CN': '支付方式', 'en-US': 'Payment method', 'zh-TW': '支付方式' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('ref_code', 'refcode', true, { refType: 'zhiFuFangShi' }),
    kind: 'component',
  },
  ORGANIZATION: {
    code: 86,
    id: 'organization',
    name: { 'zh-CN': '组织', 'en-US': 'Organization', 'zh-TW': '組織' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('organization', 'zuZhi', false),
    kind: 'component',
  },
  SUPPLIER: {
    code: 72,
    id: 'supplier',
    name: { 'zh-CN': '供应商', 'en-US': 'Supplier', 'zh-TW': '供應商' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('supplier', 'gongYingShang', false),
    kind: 'component',
  },
  BRAND: {
    code: 27,
    id: 'brand',
    name: { 'zh-CN': '品牌', 'en-US': 'Brand', 'zh-TW': '品牌' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('brand', 'pinPai', true),
    kind: 'component',
  },
  CATEGORY: {
    code: 29,
    id: 'category',
    name: { 'zh-CN': '品类', 'en-US': 'Category', 'zh-TW': '品類' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('category', 'pinLei', true),
    kind: 'component',
  },
  SERIES: {
    code: 31,
    id: 'series',
    name: { 'zh-CN': '系列', 'en-US': 'Series', 'zh-TW': '系列' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('series', 'xiLie', false),
    kind: 'component',
  },
  SKU: {
    code: 79,
    id: 'sku',
    name: { 'zh-CN': 'SKU', 'en-US': 'SKU', 'zh-TW': 'SKU' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('sku', 'sku', false),
    kind: 'component',
  },
  PRODUCT: {
    code: 33,
    id: 'product',
    name: { 'zh-CN': '单品', 'en-US': 'Single product', 'zh-TW': '單品' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('product', 'danPin', false),
    kind: 'component',
  },
  SALES_MATERIAL: {
    code: 69,
    id: 'salesMaterial',
    name: { 'zh-CN': '销售物料', 'en-US': 'Sales material', 'zh-TW': '銷售物料' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('sales_material', 'xiaoShouWuLiao', false),
    kind: 'component',
  },
  CHANNEL_1: {
    code: 73,
    id: 'channel1',
    name: { 'zh-CN': '一级渠道', 'en-US': 'Level-1 channel', 'zh-TW': '一級渠道' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('channel', 'qudao-all', true, { level: '1' }),
    kind: 'component',
  },
  CHANNEL_2: {
    code: 88,
    id: 'channel2',
    name: { 'zh-CN': '二级渠道', 'en-US': 'Level-2 channel', 'zh-TW': '二級渠道' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('channel', 'qudao-all', true, { level: '2' }),
    kind: 'component',
  },
  COST_CENTER: {
    code: 90,
    id: 'costCenter',
    name: { 'zh-CN': '成本中心', 'en-US': 'Cost center', 'zh-TW': '成本中心' },
    valueType: 'String',
    defaultLength: 32,
    holdsValue: true,
    source: src('cost_center', 'chengBenZhongXin', false),
    kind: 'component',
  },
  MAP: {
    code: 91,
    id: 'map',
    name: { 'zh-CN': '地图', 'en-US': 'Map', 'zh-TW': '地圖' },
    valueType: 'Structured',
    defaultLength: null,
    holdsValue: true,
    source: null,
    kind: 'component',
  },
} as const satisfies Record<string, FieldTypeInfo>;

export type FieldTypeName = keyof typeof FIELD_TYPES;
export type ComponentTypeName = keyof typeof COMPONENT_TYPES;
export type FieldTypeCode = (typeof FIELD_TYPES)[FieldTypeName]['code'];
export type ComponentTypeCode = (typeof COMPONENT_TYPES)[ComponentTypeName]['code'];
/** Every code a field of a definition may carry. */
export type TypeCode = FieldTypeCode | ComponentTypeCode;
export type TypeId = (typeof FIELD_TYPES)[FieldTypeName]['id'] | (typeof COMPONENT_TYPES)[ComponentTypeName]['id'];

/** Short names for the codes code refers to, e.g. `TC.SUB_FORM` → 99997. */
export const TC = Object.freeze(Object.fromEntries([...Object.entries(FIELD_TYPES), ...Object.entries(COMPONENT_TYPES)].map(([k, v]) => [k, v.code]))) as {
  readonly [K in FieldTypeName]: (typeof FIELD_TYPES)[K]['code'];
} & { readonly [K in ComponentTypeName]: (typeof COMPONENT_TYPES)[K]['code'] };

export const FIELD_TYPE_CODES = Object.values(FIELD_TYPES).map((t) => t.code) as FieldTypeCode[];
export const COMPONENT_TYPE_CODES = Object.values(COMPONENT_TYPES).map((t) => t.code) as ComponentTypeCode[];
export const TYPE_CODES = [...FIELD_TYPE_CODES, ...COMPONENT_TYPE_CODES] as TypeCode[];

const BY_CODE: ReadonlyMap<number, FieldTypeInfo> = new Map(
  [...Object.values(FIELD_TYPES), ...Object.values(COMPONENT_TYPES)].map((t) => [t.code, t as FieldTypeInfo]),
);

export function isTypeCode(code: unknown): code is TypeCode {
  return typeof code === 'number' && BY_CODE.has(code);
}
export function isComponentTypeCode(code: unknown): code is ComponentTypeCode {
  return isTypeCode(code) && BY_CODE.get(code)!.kind === 'component';
}
/** The facts of one code; throws for an unknown code (use `isTypeCode` first on untrusted data). */
export function typeInfo(code: number): FieldTypeInfo {
  const info = BY_CODE.get(code);
  if (!info) throw new Error(`unknown type code ${code}`);
  return info;
}
export function holdsValue(code: number): boolean {
  return BY_CODE.get(code)?.holdsValue ?? false;
}

/** Page width of a field: 12 (half) or 24 (full) columns of the 24-column grid. */
export const PAGE_WIDTHS = [12, 24] as const;
export type PageWidth = (typeof PAGE_WIDTHS)[number];

/** Form modes (spec §3). */
export const FORM_MODES = {
  ADD: 0,
  MODIFY: 1,
  VIEW: 2,
  APPROVE: 3,
  MODIFY_ON_RETURN: 4,
} as const;
export type FormModeName = keyof typeof FORM_MODES;
export type FormMode = (typeof FORM_MODES)[FormModeName];
export const FORM_MODE_CODES = Object.values(FORM_MODES) as FormMode[];
export const FORM_MODE_NAMES: Record<FormMode, CodeName> = {
  0: { 'zh-CN': '新增', 'en-US': 'Add', 'zh-TW': '新增' },
  1: { 'zh-CN': '修改', 'en-US': 'Modify', 'zh-TW': '修改' },
  2: { 'zh-CN': '查看', 'en-US': 'View', 'zh-TW': '查看' },
  3: { 'zh-CN': '审批', 'en-US': 'Approve', 'zh-TW': '審批' },
  4: { 'zh-CN': '退回修改', 'en-US': 'Modify on return', 'zh-TW': '退回修改' },
};
export function isFormMode(v: unknown): v is FormMode {
  return typeof v === 'number' && (FORM_MODE_CODES as number[]).includes(v);
}

/** View type 2 means view only (spec §9). */
export const VIEW_TYPE_VIEW_ONLY = 2 as const;

/** Form type codes (spec §9). 0 is this product's code for forms of no business type (master data). */
export const FORM_TYPES = {
  EXPENSE_APPLICATION: { code: 80021, name: { 'zh-CN': '费用申请', 'en-US': 'Expense application', 'zh-TW': '費用申請' } },
  SETTLEMENT: { code: 80022, name: { 'zh-CN': '费用结案', 'en-US': 'Settlement', 'zh-TW': '費用結案' } },
  WRITE_OFF: { code: 810510, name: { 'zh-CN': '费用核销', 'en-US': 'Write-off', 'zh-TW': '費用核銷' } },
  MARKET_EXPENSE: { code: 99800, name: { 'zh-CN': '市场费用', 'en-US': 'Market expense', 'zh-TW': '市場費用' } },
  SPECIAL_PROJECT: { code: 99700, name: { 'zh-CN': '专项费用', 'en-US': 'Special-project expense', 'zh-TW': '專項費用' } },
  /** this product's code (the spec names no payment type): pays a write-off (docs/expense.md) */
  PAYMENT: { code: 810520, name: { 'zh-CN': '费用支付', 'en-US': 'Payment', 'zh-TW': '費用支付' } },
  GENERIC: { code: 0, name: { 'zh-CN': '通用表单', 'en-US': 'Generic form', 'zh-TW': '通用表單' } },
} as const;
export type FormTypeName = keyof typeof FORM_TYPES;
export type FormTypeCode = (typeof FORM_TYPES)[FormTypeName]['code'];
export const FORM_TYPE_CODES = Object.values(FORM_TYPES).map((t) => t.code) as FormTypeCode[];
/** 80021 opens its settlement (80022) and write-off (810510) views; lookup `type` 1 and 2 (spec §7, §9). */
export const APPLICATION_VIEWS = {
  [FORM_TYPES.EXPENSE_APPLICATION.code]: { 1: FORM_TYPES.SETTLEMENT.code, 2: FORM_TYPES.WRITE_OFF.code },
} as const;

/** System fields on every form record (spec §3). */
export const SYSTEM_FIELDS = {
  id: { length: 19, unique: true, name: { 'zh-CN': '标识', 'en-US': 'ID', 'zh-TW': '標識' } },
  number: { length: 50, unique: true, name: { 'zh-CN': '单据编号', 'en-US': 'Document number', 'zh-TW': '單據編號' } },
  title: { length: 200, unique: false, name: { 'zh-CN': '标题', 'en-US': 'Title', 'zh-TW': '標題' } },
  isYouXiao: { length: 1, unique: false, name: { 'zh-CN': '是否有效', 'en-US': 'Valid', 'zh-TW': '是否有效' } },
  rowCreateId: { length: 32, unique: false, name: { 'zh-CN': '申请人', 'en-US': 'Applicant', 'zh-TW': '申請人' } },
  rowCreateBuMenId: { length: 32, unique: false, name: { 'zh-CN': '申请部门', 'en-US': 'Applicant department', 'zh-TW': '申請部門' } },
  rowCreateDate: { length: 100, unique: false, name: { 'zh-CN': '创建日期', 'en-US': 'Created', 'zh-TW': '創建日期' } },
  rowModUser: { length: 32, unique: false, name: { 'zh-CN': '最后修改人', 'en-US': 'Last modified by', 'zh-TW': '最後修改人' } },
  rowModDate: { length: 100, unique: false, name: { 'zh-CN': '修改日期', 'en-US': 'Modified', 'zh-TW': '修改日期' } },
} as const;
export type SystemFieldKey = keyof typeof SYSTEM_FIELDS;
export const SYSTEM_FIELD_KEYS = Object.keys(SYSTEM_FIELDS) as SystemFieldKey[];

/** Approval fields (spec §3). Lengths are this product's choice; the spec gives none. */
export const APPROVAL_FIELDS = {
  stateName: { length: 100, name: { 'zh-CN': '审批节点', 'en-US': 'Approval node', 'zh-TW': '審批節點' } },
  shenPiZhuangTai: { length: 2, name: { 'zh-CN': '审批状态', 'en-US': 'Approval status', 'zh-TW': '審批狀態' } },
  shenPiRen: { length: 32, name: { 'zh-CN': '审批人', 'en-US': 'Approver', 'zh-TW': '審批人' } },
  shiYongJueSeId: { length: 32, name: { 'zh-CN': '使用角色', 'en-US': 'Role in use', 'zh-TW': '使用角色' } },
  tiJiaoLiuChengTime: { length: 100, name: { 'zh-CN': '提交流程时间', 'en-US': 'Process submitted', 'zh-TW': '提交流程時間' } },
  liuChengGuiDangTime: { length: 100, name: { 'zh-CN': '流程归档时间', 'en-US': 'Process archived', 'zh-TW': '流程歸檔時間' } },
  shenPiCallBackFailure: { length: 1, name: { 'zh-CN': '回调失败', 'en-US': 'Callback failed', 'zh-TW': '回調失敗' } },
  liuChengId: { length: 64, name: { 'zh-CN': '流程标识', 'en-US': 'Process id', 'zh-TW': '流程標識' } },
} as const;
export type ApprovalFieldKey = keyof typeof APPROVAL_FIELDS;
export const APPROVAL_FIELD_KEYS = Object.keys(APPROVAL_FIELDS) as ApprovalFieldKey[];

/**
 * Approval status codes (shenPiZhuangTai). The spec lists the field but not its values
 * (§4: "not shown"); these are this product's.
 */
export const APPROVAL_STATUS = {
  DRAFT: { code: '0', name: { 'zh-CN': '草稿', 'en-US': 'Draft', 'zh-TW': '草稿' } },
  IN_APPROVAL: { code: '1', name: { 'zh-CN': '审批中', 'en-US': 'In approval', 'zh-TW': '審批中' } },
  APPROVED: { code: '2', name: { 'zh-CN': '已通过', 'en-US': 'Approved', 'zh-TW': '已通過' } },
  RETURNED: { code: '3', name: { 'zh-CN': '已退回', 'en-US': 'Returned', 'zh-TW': '已退回' } },
  WITHDRAWN: { code: '4', name: { 'zh-CN': '已撤回', 'en-US': 'Withdrawn', 'zh-TW': '已撤回' } },
  VOID: { code: '5', name: { 'zh-CN': '已作废', 'en-US': 'Void', 'zh-TW': '已作廢' } },
} as const;
export type ApprovalStatusCode = (typeof APPROVAL_STATUS)[keyof typeof APPROVAL_STATUS]['code'];

/** Every key a definition field may not use, because the record already has it. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set<string>([...SYSTEM_FIELD_KEYS, ...APPROVAL_FIELD_KEYS, 'version', 'definitionVersion', 'rowClick']);
