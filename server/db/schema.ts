// The database schema (drizzle). One set of SQL migrations is generated from it
// (`npx drizzle-kit generate --config server/db/drizzle.config.ts`) and runs on both PGlite and
// PostgreSQL. Ids are 19-digit strings, money is numeric, record system fields are columns with
// the spec's lengths (§3).
import { sql } from 'drizzle-orm';
import {
  pgTable,
  varchar,
  text,
  integer,
  bigint,
  bigserial,
  boolean,
  jsonb,
  numeric,
  timestamp,
  primaryKey,
  uniqueIndex,
  index,
  check,
} from 'drizzle-orm/pg-core';

const id = (name = 'id') => varchar(name, { length: 19 });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// ─── organisation ──────────────────────────────────────────────────────────────────────────
export const departments = pgTable('departments', {
  id: id().primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 200 }).notNull(),
  parentId: id('parent_id'),
  leaderId: id('leader_id'),
  sort: integer('sort').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const posts = pgTable('posts', {
  id: id().primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 200 }).notNull(),
  sort: integer('sort').notNull().default(0),
});

export const employees = pgTable(
  'employees',
  {
    id: id().primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    mobile: varchar('mobile', { length: 32 }),
    email: varchar('email', { length: 200 }),
    departmentId: id('department_id').references(() => departments.id),
    postId: id('post_id').references(() => posts.id),
    isAreaManager: boolean('is_area_manager').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('employees_department_idx').on(t.departmentId)],
);

export const roles = pgTable('roles', {
  id: id().primaryKey(),
  code: varchar('code', { length: 64 }).notNull().unique(),
  name: jsonb('name').notNull(),
  portal: varchar('portal', { length: 8 }).notNull().default('emp'),
});

// ─── dealers ───────────────────────────────────────────────────────────────────────────────
export const dealers = pgTable('dealers', {
  id: id().primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 200 }).notNull(),
  provinceId: id('province_id'),
  channelId: id('channel_id'),
  departmentId: id('department_id'),
  contact: varchar('contact', { length: 100 }),
  mobile: varchar('mobile', { length: 32 }),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

// ─── users and sessions ────────────────────────────────────────────────────────────────────
export const users = pgTable('users', {
  id: id().primaryKey(),
  username: varchar('username', { length: 64 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** 'employee' or 'dealer' (spec §6: told apart by a dealer id) */
  kind: varchar('kind', { length: 16 }).notNull(),
  employeeId: id('employee_id').references(() => employees.id),
  dealerId: id('dealer_id').references(() => dealers.id),
  displayName: varchar('display_name', { length: 100 }).notNull(),
  mobile: varchar('mobile', { length: 32 }),
  isAdmin: boolean('is_admin').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  /** comma list of user ids whose documents this user has taken over (spec §6) */
  jiaoJieRenIds: text('jiao_jie_ren_ids').notNull().default(''),
  duoYuYanType: integer('duo_yu_yan_type').notNull().default(1),
  /** true while the password is a seeded demo password (production refuses to start) */
  demoPassword: boolean('demo_password').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: id('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id().primaryKey(),
    /** sha256 of the token; the token itself is never stored */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    empSessionId: varchar('emp_session_id', { length: 64 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    duoYuYanType: integer('duo_yu_yan_type').notNull().default(1),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** WeChat-style QR login: one-time tickets, confirmed from a signed-in phone, polled by the desktop. */
export const qrTickets = pgTable('qr_tickets', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  status: varchar('status', { length: 16 }).notNull().default('pending'),
  userId: id('user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});

export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
});

// ─── menus ─────────────────────────────────────────────────────────────────────────────────
export const menus = pgTable(
  'menus',
  {
    id: id().primaryKey(),
    parentId: id('parent_id'),
    /** LocalizedText */
    name: jsonb('name').notNull(),
    path: varchar('path', { length: 300 }),
    icon: varchar('icon', { length: 64 }),
    portal: varchar('portal', { length: 8 }).notNull().default('emp'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: id('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: id('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

// ─── form definitions ──────────────────────────────────────────────────────────────────────
export const formDefinitions = pgTable('form_definitions', {
  code: varchar('code', { length: 64 }).primaryKey(),
  name: jsonb('name').notNull(),
  formType: integer('form_type').notNull().default(0),
  /** the working copy of the designer; null once published and not edited since */
  draft: jsonb('draft'),
  draftSavedAt: ts('draft_saved_at'),
  /** the draft's optimistic version: every save and publish adds one; a save naming another answers 409 */
  draftVersion: integer('draft_version').notNull().default(1),
  latestVersion: integer('latest_version').notNull().default(0),
  /** count of valid records, maintained on create/delete (cheap unfiltered totals) */
  recordCount: bigint('record_count', { mode: 'number' }).notNull().default(0),
  rowModUser: varchar('row_mod_user', { length: 32 }),
  rowModDate: varchar('row_mod_date', { length: 100 }),
});

/** Every published version is kept: records remember the version they were written under. */
export const formDefinitionVersions = pgTable(
  'form_definition_versions',
  {
    code: varchar('code', { length: 64 })
      .notNull()
      .references(() => formDefinitions.code, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').notNull(),
    publishedAt: ts('published_at').notNull().defaultNow(),
    publishedBy: varchar('published_by', { length: 32 }),
  },
  (t) => [primaryKey({ columns: [t.code, t.version] })],
);

// ─── records ───────────────────────────────────────────────────────────────────────────────
export const records = pgTable(
  'records',
  {
    id: id().primaryKey(),
    formCode: varchar('form_code', { length: 64 }).notNull(),
    number: varchar('number', { length: 50 }).notNull(),
    title: varchar('title', { length: 200 }),
    isYouXiao: varchar('is_you_xiao', { length: 1 }).notNull().default('1'),
    rowCreateId: varchar('row_create_id', { length: 32 }).notNull(),
    rowCreateBuMenId: varchar('row_create_bu_men_id', { length: 32 }),
    rowCreateDate: varchar('row_create_date', { length: 100 }).notNull(),
    rowModUser: varchar('row_mod_user', { length: 32 }),
    rowModDate: varchar('row_mod_date', { length: 100 }),
    stateName: varchar('state_name', { length: 100 }),
    shenPiZhuangTai: varchar('shen_pi_zhuang_tai', { length: 2 }).notNull().default('0'),
    shenPiRen: varchar('shen_pi_ren', { length: 32 }),
    shiYongJueSeId: varchar('shi_yong_jue_se_id', { length: 32 }),
    tiJiaoLiuChengTime: varchar('ti_jiao_liu_cheng_time', { length: 100 }),
    liuChengGuiDangTime: varchar('liu_cheng_gui_dang_time', { length: 100 }),
    shenPiCallBackFailure: varchar('shen_pi_call_back_failure', { length: 1 }).notNull().default('0'),
    liuChengId: varchar('liu_cheng_id', { length: 64 }),
    definitionVersion: integer('definition_version').notNull(),
    /** row version for optimistic locking */
    version: integer('version').notNull().default(1),
    data: jsonb('data').notNull(),
  },
  (t) => [
    uniqueIndex('records_form_number_uq').on(t.formCode, t.number),
    // the list's default order (newest first) and its keyset
    index('records_form_valid_id_idx').on(t.formCode, t.isYouXiao, t.id),
    index('records_form_creator_idx').on(t.formCode, t.rowCreateId, t.id),
    index('records_form_status_idx').on(t.formCode, t.shenPiZhuangTai, t.id),
    // the application type lookup finds a record by its number alone
    index('records_number_idx').on(t.number),
    index('records_data_gin').using('gin', sql`${t.data} jsonb_path_ops`),
  ],
);

/** Number/code (92) values, unique per form and field; written in the record's transaction. */
export const recordUniqueValues = pgTable(
  'record_unique_values',
  {
    formCode: varchar('form_code', { length: 64 }).notNull(),
    fieldKey: varchar('field_key', { length: 64 }).notNull(),
    value: varchar('value', { length: 200 }).notNull(),
    recordId: id('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('record_unique_values_uq').on(t.formCode, t.fieldKey, t.value), index('record_unique_values_record_idx').on(t.recordId)],
);

/** Per-form, per-period document-number sequences (INSERT … ON CONFLICT DO UPDATE … RETURNING). */
export const numberCounters = pgTable(
  'number_counters',
  {
    formCode: varchar('form_code', { length: 64 }).notNull(),
    period: varchar('period', { length: 8 }).notNull(),
    seq: integer('seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.formCode, t.period] })],
);

/**
 * Links between documents (kinds: schemas/definition.ts LINK_KINDS): from = the source document
 * (an application), to = the document made from it. Uniqueness per kind (migration 0004): one
 * settlement per application; a settlement or write-off has one source; write-offs of one
 * application may be several (partial write-offs); payments and derived documents: the key only.
 */
export const recordLinks = pgTable(
  'record_links',
  {
    kind: varchar('kind', { length: 16 }).notNull(),
    fromId: id('from_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    toId: id('to_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    createdBy: varchar('created_by', { length: 32 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.fromId, t.toId] }),
    check('record_links_kind_check', sql`${t.kind} in ('settles', 'writesOff', 'pays', 'derives')`),
    uniqueIndex('record_links_settles_from_uq')
      .on(t.fromId)
      .where(sql`${t.kind} = 'settles'`),
    uniqueIndex('record_links_single_source_uq')
      .on(t.toId)
      .where(sql`${t.kind} in ('settles', 'writesOff')`),
    index('record_links_to_idx').on(t.toId),
  ],
);

// ─── files ─────────────────────────────────────────────────────────────────────────────────
export const files = pgTable('files', {
  id: id().primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  type: varchar('type', { length: 100 }).notNull(),
  storageName: varchar('storage_name', { length: 64 }).notNull(),
  ownerId: id('owner_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

/** Files a record refers to (attachment/image values, sub-form rows included); kept on save. */
export const recordFiles = pgTable(
  'record_files',
  {
    recordId: id('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    fileId: id('file_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.fileId] }), index('record_files_file_idx').on(t.fileId)],
);

// ─── languages ─────────────────────────────────────────────────────────────────────────────
export const languageKeys = pgTable(
  'language_keys',
  {
    locale: varchar('locale', { length: 8 }).notNull(),
    namespace: varchar('namespace', { length: 32 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    value: text('value').notNull(),
    updatedBy: varchar('updated_by', { length: 32 }),
  },
  (t) => [primaryKey({ columns: [t.locale, t.namespace, t.key] })],
);

// ─── master data behind the autocompletes ──────────────────────────────────────────────────
/**
 * Master data of the pickers that have no table of their own (chain systems, outlets,
 * level-3 expense subjects, channels, provinces, brands, categories, series, SKUs, fiscal
 * years, ref codes, cost centres …), one row per item, told apart by `kind`.
 */
export const masterData = pgTable(
  'master_data',
  {
    id: id().primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    /** LocalizedText for kinds whose names are translated (ref codes, channels …) */
    names: jsonb('names'),
    parentId: id('parent_id'),
    level: integer('level'),
    /** ref-code type (refType), dealer of an outlet, … */
    refType: varchar('ref_type', { length: 64 }),
    extra: jsonb('extra'),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('master_data_kind_code_uq').on(t.kind, t.refType, t.code), index('master_data_kind_sort_idx').on(t.kind, t.sort, t.id)],
);

/**
 * Budget pools (yuSuanChi): fiscal year × department/region × channel × subject (× brand/product).
 * amount/occupied/consumed are running totals kept in step with budget_ledger (each is the sum
 * of its ledger column); available = amount − occupied − consumed (migration 0007, docs/expense.md).
 */
export const budgetPools = pgTable(
  'budget_pools',
  {
    id: id().primaryKey(),
    code: varchar('code', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 200 }).notNull(),
    fiscalYearId: id('fiscal_year_id'),
    departmentId: id('department_id'),
    channelId: id('channel_id'),
    subjectId: id('subject_id'),
    brandId: id('brand_id'),
    productId: id('product_id'),
    /** the pool this one was allocated from */
    parentId: id('parent_id'),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    occupied: numeric('occupied', { precision: 20, scale: 2 }).notNull().default('0'),
    consumed: numeric('consumed', { precision: 20, scale: 2 }).notNull().default('0'),
    /** hard: never below zero; soft: down to −amount × tolerance; none: no control */
    controlMode: varchar('control_mode', { length: 8 }).notNull().default('hard'),
    /** soft control's tolerance in percent; null: the TPM budget setting's */
    tolerancePct: numeric('tolerance_pct', { precision: 5, scale: 2 }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(1),
    rowModUser: varchar('row_mod_user', { length: 32 }),
    rowModDate: varchar('row_mod_date', { length: 100 }),
  },
  (t) => [
    check('budget_pools_control_mode_check', sql`${t.controlMode} in ('hard', 'soft', 'none')`),
    check('budget_pools_totals_check', sql`${t.occupied} >= 0 AND ${t.consumed} >= 0`),
    check('budget_pools_hard_check', sql`${t.controlMode} <> 'hard' OR ${t.amount} - ${t.occupied} - ${t.consumed} >= 0`),
  ],
);

export const BUDGET_MOVEMENT_KINDS = [
  'load',
  'change',
  'transferIn',
  'transferOut',
  'allocateIn',
  'allocateOut',
  'occupy',
  'release',
  'consume',
  'unconsume',
] as const;
export type BudgetMovementKind = (typeof BUDGET_MOVEMENT_KINDS)[number];

/** Every movement of a pool's money: the changes it made to the pool's three totals. */
export const budgetLedger = pgTable(
  'budget_ledger',
  {
    id: id().primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    poolId: id('pool_id')
      .notNull()
      .references(() => budgetPools.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 16 }).$type<BudgetMovementKind>().notNull(),
    dAmount: numeric('d_amount', { precision: 20, scale: 2 }).notNull().default('0'),
    dOccupied: numeric('d_occupied', { precision: 20, scale: 2 }).notNull().default('0'),
    dConsumed: numeric('d_consumed', { precision: 20, scale: 2 }).notNull().default('0'),
    /** the pool's available balance right after this movement */
    availableAfter: numeric('available_after', { precision: 20, scale: 2 }).notNull(),
    /** the application whose money moved (occupy, release, consume) */
    applicationId: id('application_id'),
    /** the application's detail row (`_id`) */
    lineId: varchar('line_id', { length: 64 }),
    /** the document whose step wrote the movement (application, settlement, budget change …) */
    recordId: id('record_id'),
    formCode: varchar('form_code', { length: 64 }),
    /** the lifecycle action (submit, approve, reject …) or the budget operation */
    action: varchar('action', { length: 16 }),
    memo: text('memo'),
    createdBy: varchar('created_by', { length: 32 }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'budget_ledger_kind_check',
      sql`${t.kind} in ('load', 'change', 'transferIn', 'transferOut', 'allocateIn', 'allocateOut', 'occupy', 'release', 'consume', 'unconsume')`,
    ),
    index('budget_ledger_pool_idx').on(t.poolId, t.seq),
    index('budget_ledger_application_idx').on(t.applicationId),
    index('budget_ledger_record_idx').on(t.recordId),
  ],
);

/**
 * What an expense application's money has become along its chain (settlement, write-offs,
 * payments). `writingOff`/`paying` are held by documents in approval; the checks keep
 * written off ≤ settled and paid ≤ written off, whatever runs concurrently.
 */
export const expenseAmounts = pgTable(
  'expense_amounts',
  {
    applicationId: id('application_id')
      .primaryKey()
      .references(() => records.id, { onDelete: 'cascade' }),
    formCode: varchar('form_code', { length: 64 }).notNull(),
    applied: numeric('applied', { precision: 20, scale: 2 }).notNull().default('0'),
    occupied: numeric('occupied', { precision: 20, scale: 2 }).notNull().default('0'),
    settled: numeric('settled', { precision: 20, scale: 2 }).notNull().default('0'),
    released: numeric('released', { precision: 20, scale: 2 }).notNull().default('0'),
    writingOff: numeric('writing_off', { precision: 20, scale: 2 }).notNull().default('0'),
    writtenOff: numeric('written_off', { precision: 20, scale: 2 }).notNull().default('0'),
    paying: numeric('paying', { precision: 20, scale: 2 }).notNull().default('0'),
    paid: numeric('paid', { precision: 20, scale: 2 }).notNull().default('0'),
    /** prepayments (yuFuKuan, migration 0008): held while being paid, then paid; repayments (huanKuan) of prepaid money */
    prepaying: numeric('prepaying', { precision: 20, scale: 2 }).notNull().default('0'),
    prepaid: numeric('prepaid', { precision: 20, scale: 2 }).notNull().default('0'),
    repaying: numeric('repaying', { precision: 20, scale: 2 }).notNull().default('0'),
    repaid: numeric('repaid', { precision: 20, scale: 2 }).notNull().default('0'),
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'expense_amounts_nonnegative_check',
      sql`${t.occupied} >= 0 AND ${t.settled} >= 0 AND ${t.writingOff} >= 0 AND ${t.writtenOff} >= 0 AND ${t.paying} >= 0 AND ${t.paid} >= 0`,
    ),
    check('expense_amounts_write_off_check', sql`${t.writtenOff} + ${t.writingOff} <= ${t.settled}`),
    check('expense_amounts_paid_check', sql`${t.paid} + ${t.paying} <= ${t.writtenOff}`),
    check('expense_amounts_prepay_nonnegative_check', sql`${t.prepaying} >= 0 AND ${t.prepaid} >= 0 AND ${t.repaying} >= 0 AND ${t.repaid} >= 0`),
    check('expense_amounts_prepaid_check', sql`${t.prepaid} + ${t.prepaying} <= ${t.applied}`),
    check('expense_amounts_repaid_check', sql`${t.repaid} + ${t.repaying} <= ${t.prepaid}`),
  ],
);

// ─── approval processes (schemas/process) ──────────────────────────────────────────────────
/** A process: its working draft and its binding; published versions in process_definition_versions. */
export const processDefinitions = pgTable(
  'process_definitions',
  {
    code: varchar('code', { length: 64 }).primaryKey(),
    name: jsonb('name').notNull(),
    /** the form it is bound to (bangDingBiaoDan); at most one enabled process per form */
    formCode: varchar('form_code', { length: 64 }),
    enabled: boolean('enabled').notNull().default(true),
    /** the designer's working copy (a ProcessDefinition); null once published and not edited since */
    draft: jsonb('draft'),
    /** optimistic version of the draft (a stale save answers 409) */
    draftVersion: integer('draft_version').notNull().default(1),
    latestVersion: integer('latest_version').notNull().default(0),
    rowModUser: varchar('row_mod_user', { length: 32 }),
    rowModDate: varchar('row_mod_date', { length: 100 }),
  },
  (t) => [index('process_definitions_form_idx').on(t.formCode)],
);

/** Immutable published versions; an instance is pinned to one. */
export const processDefinitionVersions = pgTable(
  'process_definition_versions',
  {
    code: varchar('code', { length: 64 })
      .notNull()
      .references(() => processDefinitions.code, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').notNull(),
    publishedAt: ts('published_at').notNull().defaultNow(),
    publishedBy: varchar('published_by', { length: 32 }),
  },
  (t) => [primaryKey({ columns: [t.code, t.version] })],
);

/**
 * A running (or finished) approval of one record. `state` is the engine's InstanceState;
 * every step is `UPDATE … SET state = $new, revision = revision + 1 WHERE id = $id AND
 * revision = $read` in the step's transaction: a task completes exactly once.
 */
export const processInstances = pgTable(
  'process_instances',
  {
    id: id().primaryKey(),
    recordId: id('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    formCode: varchar('form_code', { length: 64 }).notNull(),
    formVersion: integer('form_version').notNull(),
    processCode: varchar('process_code', { length: 64 }).notNull(),
    processVersion: integer('process_version').notNull(),
    applicantId: id('applicant_id').notNull(),
    /** schemas/process/state.ts INSTANCE_STATUSES */
    status: varchar('status', { length: 16 }).notNull(),
    revision: integer('revision').notNull().default(1),
    state: jsonb('state').notNull(),
    /** the current nodes' names (zh-CN), for lists and monitoring */
    currentNodes: varchar('current_nodes', { length: 500 }),
    startedAt: ts('started_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('process_instances_record_idx').on(t.recordId),
    // at most one live instance per record
    uniqueIndex('process_instances_record_live_uq')
      .on(t.recordId)
      .where(sql`${t.status} in ('running', 'returned')`),
    index('process_instances_status_idx').on(t.status, t.updatedAt),
    index('process_instances_applicant_idx').on(t.applicantId, t.startedAt),
  ],
);

/** The tasks of the instances, one row per Task of the state (the to-do and done lists read these). */
export const processTasks = pgTable(
  'process_tasks',
  {
    id: id().primaryKey(),
    instanceId: id('instance_id')
      .notNull()
      .references(() => processInstances.id, { onDelete: 'cascade' }),
    recordId: id('record_id').notNull(),
    nodeId: varchar('node_id', { length: 64 }).notNull(),
    assigneeId: id('assignee_id').notNull(),
    /** schemas/process/state.ts TASK_STATUSES */
    status: varchar('status', { length: 16 }).notNull(),
    origin: varchar('origin', { length: 24 }).notNull().default('node'),
    createdAt: ts('created_at').notNull().defaultNow(),
    dueAt: ts('due_at'),
    completedAt: ts('completed_at'),
    comment: text('comment'),
  },
  (t) => [
    index('process_tasks_assignee_idx').on(t.assigneeId, t.status, t.createdAt),
    index('process_tasks_instance_idx').on(t.instanceId),
    index('process_tasks_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Every step of every instance: who, when, what, with which comment and attachments. Append-only. */
export const processHistory = pgTable(
  'process_history',
  {
    id: id().primaryKey(),
    instanceId: id('instance_id')
      .notNull()
      .references(() => processInstances.id, { onDelete: 'cascade' }),
    recordId: id('record_id').notNull(),
    /** order within the instance */
    seq: integer('seq').notNull(),
    action: varchar('action', { length: 24 }).notNull(),
    actorId: id('actor_id'),
    nodeId: varchar('node_id', { length: 64 }),
    taskId: id('task_id'),
    comment: text('comment'),
    attachments: jsonb('attachments'),
    detail: jsonb('detail'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('process_history_instance_seq_uq').on(t.instanceId, t.seq),
    index('process_history_record_idx').on(t.recordId),
    // a file's readers: the records whose history attached it (files reader grant)
    index('process_history_attachments_gin').using('gin', sql`${t.attachments} jsonb_path_ops`),
  ],
);

/** CC readers: who was copied on which record (they may open it read-only), and when they read it. */
export const processCc = pgTable(
  'process_cc',
  {
    instanceId: id('instance_id')
      .notNull()
      .references(() => processInstances.id, { onDelete: 'cascade' }),
    recordId: id('record_id').notNull(),
    userId: id('user_id').notNull(),
    nodeId: varchar('node_id', { length: 64 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.userId, t.nodeId] }), index('process_cc_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The transactional outbox of process callbacks: written in the step's transaction, delivered
 * after commit (HMAC-signed, idempotency id = the row id), retried with backoff; `failed` after
 * the last attempt (the record's shenPiCallBackFailure is set) until a person retries (chongShi).
 */
export const processOutbox = pgTable(
  'process_outbox',
  {
    id: id().primaryKey(),
    instanceId: id('instance_id').notNull(),
    recordId: id('record_id').notNull(),
    processCode: varchar('process_code', { length: 64 }).notNull(),
    event: varchar('event', { length: 24 }).notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').notNull(),
    /** pending, delivering, delivered, failed */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('process_outbox_due_idx')
      .on(t.nextAt)
      .where(sql`${t.status} = 'pending'`),
    index('process_outbox_status_idx').on(t.status, t.createdAt),
  ],
);

/** Timers (task timeouts and reminders), in the database so they survive restarts; run by the scheduler. */
export const processJobs = pgTable(
  'process_jobs',
  {
    id: id().primaryKey(),
    /** timeout (the node's timeout action on a pending task) */
    kind: varchar('kind', { length: 16 }).notNull(),
    instanceId: id('instance_id').notNull(),
    taskId: id('task_id').notNull(),
    dueAt: ts('due_at').notNull(),
    /** pending, done, cancelled */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    runs: integer('runs').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('process_jobs_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index('process_jobs_task_idx').on(t.taskId),
  ],
);

/** Approver matrices (juZhen): rows keyed by business values (region, channel …), a column per approver role. */
export const approverMatrices = pgTable('approver_matrices', {
  code: varchar('code', { length: 64 }).primaryKey(),
  name: jsonb('name').notNull(),
  /** [{ key, name }]: the key columns */
  keys: jsonb('keys').notNull(),
  /** [{ key, name }]: the approver columns */
  columns: jsonb('columns').notNull(),
  version: integer('version').notNull().default(1),
  rowModUser: varchar('row_mod_user', { length: 32 }),
  rowModDate: varchar('row_mod_date', { length: 100 }),
});

export const approverMatrixRows = pgTable(
  'approver_matrix_rows',
  {
    id: id().primaryKey(),
    matrixCode: varchar('matrix_code', { length: 64 })
      .notNull()
      .references(() => approverMatrices.code, { onDelete: 'cascade' }),
    /** key column → value (e.g. { buMen: "D11" }) */
    keys: jsonb('keys').notNull(),
    /** approver column → user ids */
    cells: jsonb('cells').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('approver_matrix_rows_matrix_idx').on(t.matrixCode, t.sort)],
);

/** User groups (an approver strategy) and their members. */
export const userGroups = pgTable('user_groups', {
  id: id().primaryKey(),
  code: varchar('code', { length: 64 }).notNull().unique(),
  name: jsonb('name').notNull(),
});

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: id('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** Users allowed to approve and reject in batches (feiYongHuiZongShenPi). */
export const batchApprovers = pgTable('batch_approvers', {
  userId: id('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  addedBy: varchar('added_by', { length: 32 }),
  addedAt: ts('added_at').notNull().defaultNow(),
});
