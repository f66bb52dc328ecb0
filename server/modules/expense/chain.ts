// The document chain of an expense application (docs/expense.md "API"): from any document of
// the chain — application, settlement (link settles), write-off (writesOff), payment (pays) —
// walk up the links to the application, then down to every document made from it, and answer
// the application's money (expense_amounts and what is left), each document and the pool lines
// (what each detail line holds and consumed, summed from the ledger). Whoever may read the
// document asked about may read its chain; each document says whether the caller may open it.
import { sql } from 'drizzle-orm';
import type { ChainKind, DocumentChain } from '../../../schemas/api';
import { FORM_TYPES } from '../../../schemas/typeCodes';
import type { AppContext, SessionUser } from '../../context';
import { rows, type DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { getRecordRow, recordDefinition, scopeOf, type RecordRow } from '../records';
import { consumptionsOf, occupationsOf } from './ledger';
import { amountsOf, type Amounts } from './rules';
import { fmt, money } from './money';

/** The link kinds of the chain, each from the earlier document to the one made from it. */
const CHAIN_LINKS = ['settles', 'writesOff', 'pays'] as const;
/** Followed down only: documents made from one of the chain (a write-off's supplementary invoice). */
const DOWN_LINKS = [...CHAIN_LINKS, 'derives'] as const;
const SUPPLEMENTARY_INVOICE = 'buFaPiaoShenQing';
/** A chain is short; a longer walk means a malformed link graph, and stops. */
const MAX_DOCUMENTS = 500;

export const APPLICATION_TYPES: readonly number[] = [FORM_TYPES.EXPENSE_APPLICATION.code, FORM_TYPES.MARKET_EXPENSE.code, FORM_TYPES.SPECIAL_PROJECT.code];

const KIND_OF_TYPE: Readonly<Record<number, ChainKind>> = {
  ...Object.fromEntries(APPLICATION_TYPES.map((t) => [t, 'application' as const])),
  [FORM_TYPES.SETTLEMENT.code]: 'settlement',
  [FORM_TYPES.WRITE_OFF.code]: 'writeOff',
  [FORM_TYPES.PAYMENT.code]: 'payment',
};
const KIND_OF_LINK: Readonly<Record<string, ChainKind>> = { settles: 'settlement', writesOff: 'writeOff', pays: 'payment' };

/** The field holding a document's amount, by kind (an application's first present one). */
const AMOUNT_KEYS: Readonly<Record<ChainKind, readonly string[]>> = {
  application: ['shenQingJinE', 'zongJinE', 'yuGuJinE'],
  settlement: ['shiJiJinE'],
  writeOff: ['heXiaoJinE'],
  payment: ['zhiFuJinE'],
  supplementaryInvoice: ['queFaPiaoJinE'],
  other: [],
};

interface Link {
  kind: string;
  fromId: string;
  toId: string;
}

const kindList = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
const linkKinds = kindList(CHAIN_LINKS);
const downKinds = kindList(DOWN_LINKS);

async function linkInto(db: DbOrTx, id: string): Promise<Link | null> {
  const [l] = await rows<Link>(
    db,
    sql`select kind, from_id as "fromId", to_id as "toId" from record_links where to_id = ${id} and kind in (${linkKinds}) order by from_id limit 1`,
  );
  return l ?? null;
}

async function linksFrom(db: DbOrTx, ids: readonly string[]): Promise<Link[]> {
  if (ids.length === 0) return [];
  return rows<Link>(
    db,
    sql`select kind, from_id as "fromId", to_id as "toId" from record_links
      where from_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) and kind in (${downKinds}) order by to_id`,
  );
}

/** The documents of a record's chain: the first (the application, when it is one) and every one after it, in walk order. */
async function walk(db: DbOrTx, start: string): Promise<{ rootId: string; order: { id: string; fromId: string | null; link: string | null }[] }> {
  // up: follow the link into the document until none (a cycle stops at a document seen before)
  let rootId = start;
  const up = new Set([start]);
  for (;;) {
    const l = await linkInto(db, rootId);
    if (!l || up.has(l.fromId) || up.size >= MAX_DOCUMENTS) break;
    up.add(l.fromId);
    rootId = l.fromId;
  }
  // down: breadth first from the root
  const order: { id: string; fromId: string | null; link: string | null }[] = [{ id: rootId, fromId: null, link: null }];
  const seen = new Set([rootId]);
  let level = [rootId];
  while (level.length && seen.size < MAX_DOCUMENTS) {
    const next: string[] = [];
    for (const l of await linksFrom(db, level)) {
      if (seen.has(l.toId)) continue;
      seen.add(l.toId);
      order.push({ id: l.toId, fromId: l.fromId, link: l.kind });
      next.push(l.toId);
    }
    level = next;
  }
  return { rootId, order };
}

const ZERO_AMOUNTS: Amounts = { applied: '0', occupied: '0', settled: '0', released: '0', writingOff: '0', writtenOff: '0', paying: '0', paid: '0' };

function amountOf(kind: ChainKind, data: unknown): string | null {
  const d = (data ?? {}) as Record<string, unknown>;
  for (const k of AMOUNT_KEYS[kind]) {
    const v = d[k];
    if (v !== undefined && v !== null && v !== '') return fmt(money(v));
  }
  return null;
}

const APPROVED = '2';

/**
 * The chain of the document `id` as `me` may see it. 404 when the document does not exist (or
 * was deleted), 403 when `me` may not read it.
 */
export async function documentChain(ctx: AppContext, me: SessionUser, id: string): Promise<DocumentChain> {
  const asked = await getRecordRow(ctx.db, id);
  if (!asked || asked.isYouXiao !== '1') throw notFound();
  const defs = new Map<string, Awaited<ReturnType<typeof recordDefinition>>>();
  const defOf = async (r: RecordRow) => {
    const key = `${r.formCode}@${r.definitionVersion}`;
    if (!defs.has(key)) defs.set(key, await recordDefinition(ctx, r.formCode, r.definitionVersion));
    return defs.get(key)!;
  };
  if (!(await scopeOf(ctx, me, await defOf(asked)).mayRead(asked))) throw forbidden();

  const { order } = await walk(ctx.db, id);
  const docs: DocumentChain['documents'] = [];
  let root: { row: RecordRow; kind: ChainKind } | null = null;
  for (const step of order) {
    const row = step.id === asked.id ? asked : await getRecordRow(ctx.db, step.id);
    if (!row || row.isYouXiao !== '1') continue;
    const def = await defOf(row);
    const kind: ChainKind =
      (def && KIND_OF_TYPE[def.formType]) ||
      (row.formCode === SUPPLEMENTARY_INVOICE ? 'supplementaryInvoice' : undefined) ||
      (step.link ? KIND_OF_LINK[step.link] : undefined) ||
      'other';
    if (!step.fromId) root = { row, kind };
    docs.push({
      id: row.id,
      number: row.number,
      formCode: row.formCode,
      kind,
      status: row.shenPiZhuangTai,
      amount: amountOf(kind, row.data),
      rowCreateDate: row.rowCreateDate,
      fromId: step.fromId,
      readable: row.id === asked.id || (await scopeOf(ctx, me, def).mayRead(row)),
      current: row.id === asked.id,
    });
  }

  if (!root || root.kind !== 'application') return { application: null, documents: docs, lines: [] };
  const app = root.row;
  const a = (await amountsOf(ctx.db, app.id)) ?? { ...ZERO_AMOUNTS, applied: amountOf('application', app.data) ?? '0' };
  const m = (v: string) => money(v);
  const remainingToSettle = app.shenPiZhuangTai === APPROVED ? fmt(m(a.occupied)) : fmt(0);
  const application: NonNullable<DocumentChain['application']> = {
    id: app.id,
    number: app.number,
    formCode: app.formCode,
    status: app.shenPiZhuangTai,
    applied: fmt(m(a.applied)),
    occupied: fmt(m(a.occupied)),
    settled: fmt(m(a.settled)),
    released: fmt(m(a.released)),
    writingOff: fmt(m(a.writingOff)),
    writtenOff: fmt(m(a.writtenOff)),
    paying: fmt(m(a.paying)),
    paid: fmt(m(a.paid)),
    remainingToSettle,
    remainingToWriteOff: fmt(m(a.settled).minus(a.writtenOff).minus(a.writingOff)),
    remainingToPay: fmt(m(a.writtenOff).minus(a.paid).minus(a.paying)),
  };
  return { application, documents: docs, lines: labelled(await chainLines(ctx.db, app.id), app.data) };
}

const nameOf = (v: unknown): string | null => {
  if (v && typeof v === 'object' && 'name' in v) {
    const n = (v as { name: unknown }).name;
    return typeof n === 'string' && n ? n : null;
  }
  return typeof v === 'string' && v ? v : null;
};

/** Each line's place and brand/product names from the application's detail rows (`mingXi[]._id`). */
function labelled(lines: DocumentChain['lines'], data: unknown): DocumentChain['lines'] {
  const rows = (data as Record<string, unknown> | null)?.mingXi;
  const list = Array.isArray(rows) ? rows.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object') : [];
  const at = new Map(list.map((r, i) => [String(r._id ?? ''), { no: i + 1, row: r }]));
  return lines.map((l) => {
    const hit = l.lineId ? at.get(l.lineId) : undefined;
    if (!hit) return l;
    const label = [nameOf(hit.row.pinPai), nameOf(hit.row.danPin)].filter(Boolean).join(' · ');
    return { ...l, lineNo: hit.no, lineLabel: label || null };
  });
}

/** Per pool and detail line: what the application holds and what it consumed (its ledger sums). */
export async function chainLines(db: DbOrTx, applicationId: string): Promise<DocumentChain['lines']> {
  const [held, used] = [await occupationsOf(db, applicationId), await consumptionsOf(db, applicationId)];
  const byKey = new Map<string, DocumentChain['lines'][number]>();
  const keyOf = (poolId: string, lineId: string | null) => `${poolId}\u0000${lineId ?? ''}`;
  const entry = (poolId: string, lineId: string | null) => {
    const k = keyOf(poolId, lineId);
    let e = byKey.get(k);
    if (!e) {
      e = { poolId, poolCode: null, poolName: null, lineId, lineNo: null, lineLabel: null, occupied: fmt(0), consumed: fmt(0) };
      byKey.set(k, e);
    }
    return e;
  };
  for (const o of held) entry(o.poolId, o.lineId).occupied = fmt(o.occupied);
  for (const c of used) entry(c.poolId, c.lineId).consumed = fmt(c.consumed);
  const lines = [...byKey.values()];
  const poolIds = [...new Set(lines.map((l) => l.poolId))];
  if (poolIds.length) {
    const pools = await rows<{ id: string; code: string; name: string }>(
      db,
      sql`select id, code, name from budget_pools where id in (${sql.join(
        poolIds.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
    const byId = new Map(pools.map((p) => [p.id, p]));
    for (const l of lines) {
      l.poolCode = byId.get(l.poolId)?.code ?? null;
      l.poolName = byId.get(l.poolId)?.name ?? null;
    }
  }
  return lines.sort((x, y) => x.poolId.localeCompare(y.poolId) || (x.lineId ?? '').localeCompare(y.lineId ?? ''));
}
