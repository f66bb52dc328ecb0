// Who may see and change which records: a record scope per user and definition, made of scope
// providers. Each provider grants access to a set of records (an SQL predicate for lists, the
// same test in code for a single row — synchronous, or asynchronous for a single row when the
// answer needs the database, e.g. the approval module's "holds a task on it"); a user's scope is
// the union of the grants. Today's two:
// the administrator sees everything, everyone else their own records (creator, or a handover
// person's: jiaoJieRenIds). The dealer portal and role data scopes add providers (per app, with
// `registerScopeProvider`), never edits here.
import { sql, type SQL } from 'drizzle-orm';
import type { FormDefinition } from '../../../schemas';
import type { AppContext, SessionUser } from '../../context';
import type { RecordRow } from './repository';

/** The row fields a scope decides on (a full record row satisfies it). */
export type ScopedRow = Pick<RecordRow, 'rowCreateId'> & Partial<RecordRow>;

/** What one provider grants: every record, or the records its predicate and row test match. */
export type ScopeGrant =
  | { all: true }
  | {
      /** predicate on the "records" table of a list statement */
      where: SQL;
      canRead(row: ScopedRow): boolean;
      /** may the user change (save, delete) the row; defaults to canRead */
      canWrite?(row: ScopedRow): boolean;
      /** a read grant that needs the database for one row (asked when canRead said no; read only, never write) */
      canReadAsync?(row: ScopedRow & Pick<RecordRow, 'id'>): Promise<boolean>;
    };

/** A scope provider: what it grants this user on this definition's records (null: nothing). */
export type ScopeProvider = (user: SessionUser, definition: FormDefinition | null) => ScopeGrant | null;

export interface RecordScope {
  /** the list predicate; null when the user sees every record of the form */
  where: SQL | null;
  canRead(row: ScopedRow): boolean;
  canWrite(row: ScopedRow): boolean;
  /** canRead, then the grants that answer asynchronously (record/get and other single-row reads) */
  mayRead(row: ScopedRow & Pick<RecordRow, 'id'>): Promise<boolean>;
}

/** The administrator: every record. */
export const adminScope: ScopeProvider = (user) => (user.isAdmin ? { all: true } : null);

/** The owner: records the user created, or created by someone whose documents the user took over. */
export const ownerScope: ScopeProvider = (user) => {
  const ids = [user.userId, ...user.jiaoJieRenIds];
  const mine = (row: ScopedRow) => ids.includes(row.rowCreateId);
  return {
    // one literal `in` list on the creator column (the records_form_creator_idx index)
    where: sql`"records"."row_create_id" in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    canRead: mine,
    canWrite: mine,
  };
};

/** The providers every app starts with. */
export const BASE_SCOPE_PROVIDERS: readonly ScopeProvider[] = [adminScope, ownerScope];

const NOTHING: RecordScope = { where: sql`false`, canRead: () => false, canWrite: () => false, mayRead: async () => false };
const EVERYTHING: RecordScope = { where: null, canRead: () => true, canWrite: () => true, mayRead: async () => true };

/** A user's scope on a definition's records: the union of what the providers grant. */
export function recordScope(user: SessionUser, definition: FormDefinition | null, providers: readonly ScopeProvider[] = BASE_SCOPE_PROVIDERS): RecordScope {
  const grants: Exclude<ScopeGrant, { all: true }>[] = [];
  for (const p of providers) {
    const g = p(user, definition);
    if (!g) continue;
    if ('all' in g) return EVERYTHING;
    grants.push(g);
  }
  if (grants.length === 0) return NOTHING;
  const canRead = (row: ScopedRow) => grants.some((g) => g.canRead(row));
  const mayRead = async (row: ScopedRow & Pick<RecordRow, 'id'>) => {
    if (canRead(row)) return true;
    for (const g of grants) if (g.canReadAsync && (await g.canReadAsync(row))) return true;
    return false;
  };
  if (grants.length === 1) {
    const [g] = grants;
    return { where: g.where, canRead: g.canRead, canWrite: g.canWrite ?? g.canRead, mayRead };
  }
  return {
    where: sql`(${sql.join(
      grants.map((g) => sql`(${g.where})`),
      sql` or `,
    )})`,
    canRead,
    canWrite: (row) => grants.some((g) => (g.canWrite ?? g.canRead)(row)),
    mayRead,
  };
}

declare module '../../context' {
  interface AppContext {
    /** scope providers a module added to this app (see registerScopeProvider); created on first use */
    recordScopeProviders?: ScopeProvider[];
  }
}

/**
 * Adds a provider to this app's record scopes (after the base ones); answers the removal.
 * Held on the app context, so two apps in one process (tests) never share one.
 */
export function registerScopeProvider(ctx: AppContext, provider: ScopeProvider): () => void {
  const list = (ctx.recordScopeProviders ??= []);
  list.push(provider);
  return () => {
    const i = list.indexOf(provider);
    if (i >= 0) list.splice(i, 1);
  };
}

/** The user's scope in this app: the base providers and those modules registered. */
export function scopeOf(ctx: AppContext, user: SessionUser, definition: FormDefinition | null): RecordScope {
  const extra = ctx.recordScopeProviders;
  return recordScope(user, definition, extra?.length ? [...BASE_SCOPE_PROVIDERS, ...extra] : BASE_SCOPE_PROVIDERS);
}
