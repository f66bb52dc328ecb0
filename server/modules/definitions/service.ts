// Definitions: drafts, validation with schemas' validateDefinition, publishing as new versions,
// and a cache of published versions (immutable once published, so code@version never changes).
// A publish announces `definition.published` on ctx.events (the records module indexes it).
import type { AppContext, SessionUser } from '../../context';
import { migrateDefinition, validateDefinition, DEFINITION_SCHEMA_VERSION, type FormDefinition } from '../../../schemas';
import type { Locale } from '../../../schemas/constants';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import * as repo from './repository';

/** Brings a stored definition to the current format (ordered migrations live in schemas/). */
export function upgradeDefinition(doc: unknown): FormDefinition {
  try {
    return migrateDefinition(doc);
  } catch (err) {
    throw invalid([{ field: '/schemaVersion', message: (err as Error).message }]);
  }
}

const MAX_CACHE = 500;
const LATEST_TTL_MS = 3000;

/**
 * Caches of one database: published versions (immutable once published, so code@version never
 * changes) and, for a few seconds, each form's latest version number (publishing in this
 * process clears it). Scoped to the database, so two apps in one process (tests, restarts)
 * never see each other's definitions.
 */
interface DefinitionCache {
  versions: Map<string, FormDefinition>;
  latest: Map<string, { version: number; at: number }>;
}
const caches = new WeakMap<object, DefinitionCache>();
function cacheOf(ctx: AppContext): DefinitionCache {
  let c = caches.get(ctx.db);
  if (!c) {
    c = { versions: new Map(), latest: new Map() };
    caches.set(ctx.db, c);
  }
  return c;
}

export function forgetLatest(ctx: AppContext, code: string) {
  cacheOf(ctx).latest.delete(code);
}

/** A published definition (latest unless `version`), upgraded and cached; null when none. */
export async function publishedDefinition(ctx: AppContext, code: string, version?: number): Promise<FormDefinition | null> {
  const { versions: cache, latest } = cacheOf(ctx);
  const l = version ? undefined : latest.get(code);
  if (l && Date.now() - l.at < LATEST_TTL_MS) version = l.version;
  if (version) {
    const hit = cache.get(`${code}@${version}`);
    if (hit) return hit;
  }
  const row = await repo.getPublished(ctx.db, code, version);
  if (!row) return null;
  const key = `${code}@${row.version}`;
  if (!l || l.version !== row.version) latest.set(code, { version: row.version, at: Date.now() });
  else l.at = Date.now();
  const hit = cache.get(key);
  if (hit) return hit;
  const def = upgradeDefinition(row.definition);
  if (cache.size >= MAX_CACHE) cache.delete(cache.keys().next().value!);
  cache.set(key, def);
  return def;
}

export function definitionProblems(def: unknown, locale: Locale) {
  const r = validateDefinition(def, locale);
  return r.errors.map((e) => ({ path: e.path, code: e.code, message: e.message }));
}

function refuseInvalid(def: unknown, locale: Locale) {
  const problems = definitionProblems(def, locale);
  if (problems.length) throw invalid(problems.map((p) => ({ field: p.path, message: p.message, code: p.code })));
}

/** A draft may be incomplete, but it must name its form. */
function checkDraftShape(def: unknown): FormDefinition {
  const d = def as FormDefinition;
  if (!d || typeof d !== 'object' || typeof d.code !== 'string' || !/^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/.test(d.code)) {
    throw invalid([{ field: '/code', message: 'code' }]);
  }
  if (!d.name || typeof d.name !== 'object' || typeof d.name['zh-CN'] !== 'string' || !d.name['zh-CN']) throw invalid([{ field: '/name', message: 'name' }]);
  if (!Array.isArray(d.fields)) throw invalid([{ field: '/fields', message: 'fields' }]);
  return { ...d, schemaVersion: DEFINITION_SCHEMA_VERSION, formType: Number.isInteger(d.formType) ? d.formType : 0 };
}

export async function editInit(ctx: AppContext, code: string) {
  const row = await repo.getDefinitionRow(ctx.db, code);
  if (!row) throw notFound('definition');
  const published = await publishedDefinition(ctx, code);
  const versions = (await repo.listVersions(ctx.db, code)).map((v) => v.version);
  return { draft: row.draft ? upgradeDefinition(row.draft) : null, published, versions, draftVersion: row.draftVersion };
}

/**
 * Saves the draft. `draftVersion` is the version the editor loaded (0: a new form): when the
 * draft moved on since (another admin saved or published), nothing is written and the answer
 * is 409 `definitions.staleDraft`; the editor reloads or saves again with the current version.
 * Without `draftVersion` (scripts, import) the save is unconditional.
 */
export async function saveDraft(ctx: AppContext, me: SessionUser, def: unknown, draftVersion?: number) {
  const d = checkDraftShape(def);
  const saved = await repo.saveDraft(ctx.db, d, me.username, draftVersion);
  if (!saved) throw conflict(draftVersion === 0 ? 'definitions.codeExists' : 'definitions.staleDraft');
  return { code: d.code, savedAt: saved.savedAt.toISOString(), draftVersion: saved.draftVersion };
}

/**
 * Publishes the saved draft as the next version. The update that takes the version number is
 * conditional on the draft's version read here (and, when given, the editor's `draftVersion`):
 * of concurrent publishes of one draft exactly one wins, the others answer 409.
 */
export async function publish(ctx: AppContext, me: SessionUser, code: string, locale: Locale, draftVersion?: number) {
  const row = await repo.getDefinitionRow(ctx.db, code);
  if (!row) throw notFound('definition');
  if (!row.draft) throw new AppError(409, 'definitions.nothingToPublish');
  if (draftVersion !== undefined && draftVersion !== row.draftVersion) throw conflict('definitions.staleDraft');
  const def = upgradeDefinition(row.draft);
  refuseInvalid(def, locale);
  const version = await ctx.db.transaction((tx) => repo.publishDefinitionTx(tx, def, me.username, row.draftVersion));
  if (version === null) throw conflict('definitions.publishedMeanwhile');
  forgetLatest(ctx, code);
  ctx.events.emit('definition.published', { definition: def, version });
  return { version };
}

export async function importDefinition(ctx: AppContext, me: SessionUser, def: unknown, locale: Locale) {
  const d = upgradeDefinition(def);
  refuseInvalid(d, locale);
  await repo.saveDraft(ctx.db, { ...d, version: 0 }, me.username);
  return { code: d.code };
}

export async function exportDefinition(ctx: AppContext, code: string) {
  const row = await repo.getDefinitionRow(ctx.db, code);
  if (!row) throw notFound('definition');
  if (row.draft) return upgradeDefinition(row.draft);
  const pub = await publishedDefinition(ctx, code);
  if (!pub) throw notFound('definition');
  return pub;
}

export async function deleteDefinition(ctx: AppContext, code: string) {
  const row = await repo.getDefinitionRow(ctx.db, code);
  if (!row) throw notFound('definition');
  if (await repo.hasRecords(ctx.db, code)) throw conflict('definitions.hasRecords');
  // conditional: a record created since the check keeps the form (409)
  if (!(await repo.deleteDefinition(ctx.db, code))) throw conflict('definitions.hasRecords');
  forgetLatest(ctx, code);
  const { versions } = cacheOf(ctx);
  for (const k of [...versions.keys()]) if (k.startsWith(`${code}@`)) versions.delete(k);
}
