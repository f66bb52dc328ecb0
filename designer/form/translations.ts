// The translations of a form's texts: which texts lack en-US or zh-TW (the designer's "missing
// translations" list), and which still hold the designer's default text of another zh-CN text
// (a new field is labelled with its type's name in the three locales; once the implementer
// renames it in zh-CN, the untouched "Single-line text" would show in en-US). Plain TS: the
// designer's panel and toolbar only draw what this module answers.
import { LOCALES, isTypeCode, typeInfo, type FieldDefinition, type FormDefinition, type Locale, type LocalizedText } from '../../schemas';
import { translate } from '../../schemas/locales';

/** The locales a definition text is translated to (zh-CN is the source and always present). */
export const TRANSLATED_LOCALES = LOCALES.filter((l) => l !== 'zh-CN') as Exclude<Locale, 'zh-CN'>[];

export type TextKind = 'name' | 'description' | 'label' | 'placeholder' | 'help' | 'option' | 'listColumn' | 'listFilter';

export interface MissingTranslation {
  /** the field path (`key` or `subForm.column`), or null for a form-level text */
  path: string | null;
  kind: TextKind;
  /** the option value (kind option) or the list column/filter key */
  item?: string;
  /** the zh-CN text */
  zh: string;
  /** locales with no text */
  missing: Locale[];
  /** locales still holding a default text that belongs to another zh-CN text */
  stale: Locale[];
}

type Text = Partial<LocalizedText> | undefined;

/**
 * The locales of `text` whose value is one of `defaults` while zh-CN is not that default's
 * zh-CN: the translation was never given, the default was left behind.
 */
export function staleLocales(text: Text, defaults: readonly Partial<LocalizedText>[]): Locale[] {
  if (!text) return [];
  return TRANSLATED_LOCALES.filter((l) => {
    const v = text[l];
    if (!v) return false;
    const same = defaults.filter((d) => d[l] === v);
    return same.length > 0 && !same.some((d) => d['zh-CN'] === text['zh-CN']);
  });
}

/** `text` without the translations `staleLocales` finds (what the editor keeps when zh-CN changes). */
export function dropStale<T extends Partial<LocalizedText>>(text: T, defaults: readonly Partial<LocalizedText>[]): T {
  const stale = staleLocales(text, defaults);
  if (stale.length === 0) return text;
  const out = { ...text };
  for (const l of stale) delete out[l];
  return out;
}

/** The default label of a new field of this type (its type name in every locale). */
export function labelDefaults(type: number): LocalizedText[] {
  return isTypeCode(type) ? [{ ...typeInfo(type).name }] : [];
}

/**
 * The default labels a new option takes ("选项1", "Option 1", …) for options numbered up to
 * `count`, plus `extra` (the widget's own default options, e.g. 是/Yes).
 */
export function optionDefaults(count: number, extra: readonly LocalizedText[] = []): LocalizedText[] {
  const out: LocalizedText[] = [...extra];
  for (let n = 1; n <= Math.max(count, 0) + 20; n++) {
    const t: Record<string, string> = {};
    for (const l of LOCALES) t[l] = translate(l, 'designer', 'defaults.option', { n });
    out.push(t as LocalizedText);
  }
  return out;
}

function check(out: MissingTranslation[], text: Text, entry: Omit<MissingTranslation, 'zh' | 'missing' | 'stale'>, defaults: readonly LocalizedText[] = []) {
  if (!text || !text['zh-CN']) return;
  const missing = TRANSLATED_LOCALES.filter((l) => !text[l]?.trim());
  const stale = staleLocales(text, defaults);
  if (missing.length || stale.length) out.push({ ...entry, zh: text['zh-CN'], missing, stale });
}

/** The default option labels of a type beyond the designer's numbered ones (the widget meta's defaults). */
export type TypeOptionDefaults = (type: number) => readonly LocalizedText[] | undefined;

function walkField(out: MissingTranslation[], f: FieldDefinition, path: string, typeOptions?: TypeOptionDefaults) {
  check(out, f.label, { path, kind: 'label' }, labelDefaults(f.type));
  check(out, f.placeholder, { path, kind: 'placeholder' });
  check(out, f.help, { path, kind: 'help' });
  const optDefaults = f.options?.length ? optionDefaults(f.options.length, typeOptions?.(f.type) ?? []) : [];
  for (const o of f.options ?? []) check(out, o.label, { path, kind: 'option', item: o.value }, optDefaults);
  for (const c of (f.fields ?? []) as FieldDefinition[]) walkField(out, c, `${path}.${c.key}`, typeOptions);
}

/** Every text of the form lacking en-US or zh-TW (or holding a left-behind default), in canvas order. */
export function missingTranslations(def: FormDefinition, typeOptions?: TypeOptionDefaults): MissingTranslation[] {
  const out: MissingTranslation[] = [];
  check(out, def.name, { path: null, kind: 'name' });
  check(out, def.description, { path: null, kind: 'description' });
  for (const f of def.fields) walkField(out, f, f.key, typeOptions);
  for (const c of def.list?.columns ?? []) check(out, c.label, { path: null, kind: 'listColumn', item: c.key });
  for (const f of def.list?.filters ?? []) check(out, f.label, { path: null, kind: 'listFilter', item: f.key });
  return out;
}
