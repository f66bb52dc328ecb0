// A record's title from the definition's template, e.g. "{applicantName}-{total}": `{key}`
// reads a field (a picker's name, a list's names joined), `{applicantName}` the applicant.
import type { FormModel } from './formModel';

function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(textOf).filter(Boolean).join('、');
  if (typeof v === 'object') return typeof (v as { name?: unknown }).name === 'string' ? (v as { name: string }).name : '';
  return String(v);
}

export function recordTitle(model: FormModel): string | undefined {
  const template = model.definition.titleTemplate;
  if (!template) return undefined;
  const applicant = model.record?.rowCreateName || model.user.name || '';
  const out = template.replace(/\{(\w+)\}/g, (_, key: string) => (key === 'applicantName' ? applicant : textOf(model.getValue(key))));
  return out.slice(0, 200);
}
