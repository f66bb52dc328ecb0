// Translation resources, one folder per namespace (each top-level folder owns its own), one
// JSON file per locale. The client bundles them as the fallback; the server seeds its
// language-key table from them so administrators can edit any text (spec §7 duoYuYanKey).
import type { Locale } from '../constants';
import commonZhCN from './common/zh-CN.json';
import commonEnUS from './common/en-US.json';
import commonZhTW from './common/zh-TW.json';
import schemasZhCN from './schemas/zh-CN.json';
import schemasEnUS from './schemas/en-US.json';
import schemasZhTW from './schemas/zh-TW.json';
import widgetsZhCN from './widgets/zh-CN.json';
import widgetsEnUS from './widgets/en-US.json';
import widgetsZhTW from './widgets/zh-TW.json';
import runtimeZhCN from './runtime/zh-CN.json';
import runtimeEnUS from './runtime/en-US.json';
import runtimeZhTW from './runtime/zh-TW.json';
import designerZhCN from './designer/zh-CN.json';
import designerEnUS from './designer/en-US.json';
import designerZhTW from './designer/zh-TW.json';
import appZhCN from './app/zh-CN.json';
import appEnUS from './app/en-US.json';
import appZhTW from './app/zh-TW.json';
import serverZhCN from './server/zh-CN.json';
import serverEnUS from './server/en-US.json';
import serverZhTW from './server/zh-TW.json';
import processZhCN from './process/zh-CN.json';
import processEnUS from './process/en-US.json';
import processZhTW from './process/zh-TW.json';
import approvalZhCN from './approval/zh-CN.json';
import approvalEnUS from './approval/en-US.json';
import approvalZhTW from './approval/zh-TW.json';

export const NAMESPACES = ['common', 'schemas', 'widgets', 'runtime', 'designer', 'app', 'server', 'process', 'approval'] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** Nested JSON of strings. */
export type Messages = { [key: string]: string | Messages };

export const RESOURCES: Record<Locale, Record<Namespace, Messages>> = {
  'zh-CN': {
    common: commonZhCN,
    schemas: schemasZhCN,
    widgets: widgetsZhCN,
    runtime: runtimeZhCN,
    designer: designerZhCN,
    app: appZhCN,
    server: serverZhCN,
    process: processZhCN,
    approval: approvalZhCN,
  },
  'en-US': {
    common: commonEnUS,
    schemas: schemasEnUS,
    widgets: widgetsEnUS,
    runtime: runtimeEnUS,
    designer: designerEnUS,
    app: appEnUS,
    server: serverEnUS,
    process: processEnUS,
    approval: approvalEnUS,
  },
  'zh-TW': {
    common: commonZhTW,
    schemas: schemasZhTW,
    widgets: widgetsZhTW,
    runtime: runtimeZhTW,
    designer: designerZhTW,
    app: appZhTW,
    server: serverZhTW,
    process: processZhTW,
    approval: approvalZhTW,
  },
};

/** Flatten nested messages into dotted keys: { a: { b: 'x' } } → { 'a.b': 'x' }. */
export function flattenMessages(messages: Messages, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(messages)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flattenMessages(v, key));
  }
  return out;
}

/** Interpolate `{{name}}` placeholders (i18next syntax) for callers outside i18next (server, schemas). */
export function formatMessage(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (name in params ? String(params[name]) : `{{${name}}}`));
}

/** Look a dotted key up in one namespace of one locale, falling back to zh-CN, then the key. */
export function translate(locale: Locale, ns: Namespace, key: string, params?: Record<string, unknown>): string {
  const find = (m: Messages | undefined): string | undefined => {
    let cur: string | Messages | undefined = m;
    for (const part of key.split('.')) {
      if (cur === undefined || typeof cur === 'string') return undefined;
      cur = cur[part];
    }
    return typeof cur === 'string' ? cur : undefined;
  };
  const t = find(RESOURCES[locale]?.[ns]) ?? find(RESOURCES['zh-CN'][ns]) ?? key;
  return formatMessage(t, params);
}
