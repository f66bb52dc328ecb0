// A record's title from the definition's template, e.g. "{rowCreateName}-{total}": `{key}`
// reads a main field (a picker's name, a list's names joined) or a system / approval key of the
// record (`{rowCreateName}`/`{rowCreateId}` the applicant's name, `{rowCreateBuMenName}` the
// department; in mode 0 both from the session).
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
  const r = model.record;
  const applicant = r?.rowCreateName || model.user.name || '';
  const department = r?.rowCreateBuMenName || model.user.departmentName || '';
  const out = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (key === 'applicantName' || key === 'rowCreateName' || key === 'rowCreateId') return applicant;
    if (key === 'rowCreateBuMenName' || key === 'rowCreateBuMenId') return department;
    if (model.fieldAt(key)) return textOf(model.getValue(key));
    return textOf(r?.[key]);
  });
  return out.slice(0, 200);
}
