// Languages: switch the session's language, save a key (admin), read a locale's keys.
// Paths, bodies and answers come from the contract (schemas/api/languages.ts).
import { and, eq } from 'drizzle-orm';
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { AppContext, TypedApp } from '../../context';
import { languageKeys, users } from '../../db/schema';
import { invalid, ok } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { setSessionLanguage } from '../auth';
import { buildBundles, changedRows, isSafeKeyPath, keyError, parseLanguageType } from './keys';
import { NAMESPACES } from '../../../schemas/locales';
import { localeOfLanguageType } from '../../../schemas/constants';

const E = endpoints.languages;

export function languageRoutes(app: TypedApp, ctx: AppContext) {
  const p = ctx.config.apiPrefix;

  app.post(pathOf(E.switch, p), { config: { policy: 'any' }, schema: routeSchema(E.switch) }, async (req) => {
    const type = parseLanguageType(req.body.duoYuYanType, req.locale);
    await setSessionLanguage(ctx.db, req.auth!.sessionId, type);
    await ctx.db.update(users).set({ duoYuYanType: type }).where(eq(users.id, req.auth!.userId));
    return ok(null);
  });

  app.post(pathOf(E.saveKey, p), { config: { policy: 'admin' }, schema: routeSchema(E.saveKey) }, async (req) => {
    const b = req.body;
    const m = /^([a-zA-Z]+):([A-Za-z0-9_.-]+)$/.exec(b.key);
    if (!m || !(NAMESPACES as readonly string[]).includes(m[1])) throw invalid([{ field: 'key', message: t(req.locale, 'languages.badKey') }]);
    if (!isSafeKeyPath(m[2])) throw keyError(req.locale);
    const locale = localeOfLanguageType(parseLanguageType(b.duoYuYanType, req.locale));
    await ctx.db
      .insert(languageKeys)
      .values({ locale, namespace: m[1], key: m[2], value: b.update, updatedBy: req.auth!.userId })
      .onConflictDoUpdate({ target: [languageKeys.locale, languageKeys.namespace, languageKeys.key], set: { value: b.update, updatedBy: req.auth!.userId } });
    return ok(null);
  });

  // public: the login pages need their texts before anyone signs in
  app.post(pathOf(E.keys, p), { config: { policy: 'public' }, schema: routeSchema(E.keys) }, async (req) => {
    const b = req.body ?? {};
    const locale = b.duoYuYanType !== undefined && b.duoYuYanType !== '' ? localeOfLanguageType(parseLanguageType(b.duoYuYanType, req.locale)) : req.locale;
    const rows = await ctx.db
      .select()
      .from(languageKeys)
      .where(and(eq(languageKeys.locale, locale), b.namespace ? eq(languageKeys.namespace, b.namespace) : undefined));
    // the app ships the same texts: with `changed` only an administrator's edits travel
    return ok(buildBundles(b.changed ? changedRows(rows) : rows));
  });
}
