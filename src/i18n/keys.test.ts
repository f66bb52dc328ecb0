// Every translation key the client code uses exists in every locale (zh-CN, en-US, zh-TW).
// The sources of src/, runtime/, widgets/ and designer/ are scanned for t('…') calls; a key
// is `ns:dotted.key` or `dotted.key` in the file's namespace (useTranslation('ns') in the
// file, else the folder's own namespace: src → app, runtime → runtime, widgets → widgets,
// designer → designer).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../schemas/constants';
import { NAMESPACES, RESOURCES, flattenMessages, type Namespace } from '../../schemas/locales';

const root = path.resolve(__dirname, '../..');
const FOLDER_NS: Record<string, Namespace> = { src: 'app', runtime: 'runtime', widgets: 'widgets', designer: 'designer' };
/** sub-folders with a namespace of their own (the longest matching prefix wins) */
const SUBFOLDER_NS: Record<string, Namespace> = { 'runtime/approval': 'approval', 'designer/process': 'process' };

/** The namespace of a source file by its folder. */
export function folderNamespace(rel: string): Namespace {
  const p = rel.split(path.sep).join('/');
  const sub = Object.keys(SUBFOLDER_NS)
    .filter((f) => p.startsWith(f + '/'))
    .sort((a, b) => b.length - a.length)[0];
  return sub ? SUBFOLDER_NS[sub] : FOLDER_NS[p.split('/')[0]];
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules' && name !== 'fixtures') out.push(...sources(p));
    } else if (/\.(ts|tsx)$/.test(name) && !/\.(test|stories|spec)\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

export interface KeyUse {
  file: string;
  ns: string;
  key: string;
}

/** The t('…') calls of one source text. */
export function keysOf(text: string, folderNs: string, file = ''): KeyUse[] {
  const declared = /useTranslation\(\s*\[?\s*['"]([A-Za-z]+)['"]/.exec(text) ?? /getFixedT\([^,)]*,\s*['"]([A-Za-z]+)['"]/.exec(text);
  const fileNs = declared ? declared[1] : folderNs;
  const uses: KeyUse[] = [];
  const re = /(?<![\w$.])(?:i18n\.)?t\(\s*(?:'([^'\n]+)'|"([^"\n]+)"|`([^`$\n]+)`)/g;
  for (const m of text.matchAll(re)) {
    const raw = m[1] ?? m[2] ?? m[3];
    const idx = raw.indexOf(':');
    const [ns, key] = idx > 0 && /^[A-Za-z]+$/.test(raw.slice(0, idx)) ? [raw.slice(0, idx), raw.slice(idx + 1)] : [fileNs, raw];
    uses.push({ file, ns, key });
  }
  return uses;
}

function collectUses(): KeyUse[] {
  const uses: KeyUse[] = [];
  for (const folder of Object.keys(FOLDER_NS)) {
    const dir = path.join(root, folder);
    const files = statSync(dir, { throwIfNoEntry: false })?.isDirectory() ? sources(dir) : [];
    for (const f of files) uses.push(...keysOf(readFileSync(f, 'utf8'), folderNamespace(path.relative(root, f)), path.relative(root, f)));
  }
  return uses;
}

const flat = Object.fromEntries(LOCALES.map((l) => [l, Object.fromEntries(NAMESPACES.map((ns) => [ns, flattenMessages(RESOURCES[l][ns])]))])) as Record<
  string,
  Record<string, Record<string, string>>
>;

function has(locale: string, ns: string, key: string): boolean {
  const m = flat[locale]?.[ns];
  if (!m) return false;
  return typeof m[key] === 'string' || typeof m[`${key}_other`] === 'string';
}

describe('translation keys', () => {
  it('the scanner finds keys, namespaces and prefixes', () => {
    const text = "const { t } = useTranslation('app'); t('a.b'); t(\"common:ok\"); i18n.t('x:y.z'); format('no'); it('not a key'); t(`tpl.key`); t(`dyn.${x}`)";
    expect(keysOf(text, 'runtime')).toEqual([
      { file: '', ns: 'app', key: 'a.b' },
      { file: '', ns: 'common', key: 'ok' },
      { file: '', ns: 'x', key: 'y.z' },
      { file: '', ns: 'app', key: 'tpl.key' },
    ]);
    expect(keysOf("t('only')", 'widgets')).toEqual([{ file: '', ns: 'widgets', key: 'only' }]);
  });

  const uses = collectUses();

  it('the code uses keys (the scan is not empty)', () => {
    expect(uses.filter((u) => u.file.startsWith('src')).length).toBeGreaterThan(50);
  });

  it('every key used in src/, runtime/, widgets/ and designer/ exists in zh-CN, en-US and zh-TW', () => {
    const missing: string[] = [];
    for (const u of uses) {
      for (const l of LOCALES) if (!has(l, u.ns, u.key)) missing.push(`${l} ${u.ns}:${u.key}  (${u.file})`);
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('the app, common, process and approval namespaces have the same keys in every locale', () => {
    for (const ns of ['app', 'common', 'process', 'approval'] as const) {
      const zh = Object.keys(flat['zh-CN'][ns]).sort();
      for (const l of LOCALES) expect(Object.keys(flat[l][ns]).sort(), `${l} ${ns}`).toEqual(zh);
    }
  });

  it('the spec texts are verbatim in zh-CN', () => {
    expect(flat['zh-CN'].app['session.expiredTitle']).toBe('提醒');
    expect(flat['zh-CN'].app['session.expiredText']).toBe('您未登录系统或太久未操作，已自动退出系统，点击确定重新登录？');
    expect(flat['zh-CN'].common.loading).toBe('数据加载中，请稍候');
    expect(flat['zh-CN'].app['lookup.missingNumber']).toBe('未获取到申请单编号');
    expect(flat['zh-CN'].app['lookup.failed']).toBe('获取申请单信息异常');
    expect(flat['zh-CN'].app['lookup.failedWithMsg']).toBe('获取申请单信息异常：{{msg}}');
    expect(flat['zh-CN'].app['title.dealer']).toBe('经销商门户');
    expect(flat['zh-CN'].app['title.employee']).toBe('企业营销门户');
    expect(flat['zh-CN'].common.unknownUser).toBe('未知登陆用户');
    expect(flat['zh-CN'].common.noMobile).toBe('未设置手机号');
  });
});
