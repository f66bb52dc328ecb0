// Sample values for the live previews (form and list), shaped as schemas/values.ts says each
// type code stores its value.
import { TC, typeInfo, isTypeCode, type FieldDefinition, type FormDefinition } from '../../schemas';
import { columnsOf } from '../core';

export function sampleValue(field: FieldDefinition, row = 0): unknown {
  if (!isTypeCode(field.type)) return undefined;
  const info = typeInfo(field.type);
  const n = row + 1;
  switch (field.type) {
    case TC.TEXT:
    case TC.TEXTAREA:
      return `${field.label['zh-CN']}${n}`;
    case TC.RICH_TEXT:
      return `<p>${field.label['zh-CN']}${n}</p>`;
    case TC.CODE:
      return `FW2026112200${n}`;
    case TC.INTEGER:
      return 10 * n;
    case TC.DECIMAL:
      return (1234.5 * n).toFixed(field.precision ?? 2);
    case TC.SELECT:
    case TC.RADIO:
      return field.options?.[row % Math.max(1, field.options.length)]?.value;
    case TC.DATE: {
      const d = `2026-11-${String(10 + n).padStart(2, '0')}`;
      const v = field.withTime ? `${d} 09:30` : d;
      return field.range ? [v, field.withTime ? `2026-11-${String(20 + n).padStart(2, '0')} 18:00` : `2026-11-${String(20 + n).padStart(2, '0')}`] : v;
    }
    case TC.SUB_FORM:
      return [0, 1].map((r) => ({
        _id: `row${r + 1}`,
        ...Object.fromEntries(
          columnsOf(field)
            .map((c) => [c.key, sampleValue(c, r)])
            .filter(([, v]) => v !== undefined),
        ),
      }));
    default:
      if (info.source) {
        const v = { id: String(1000 + n), name: `${info.name['zh-CN']}${n}` };
        return field.dataSource?.multiple ? [v] : v;
      }
      return undefined;
  }
}

/** A record's `data` with a sample value for every field that has a simple one. */
export function sampleData(def: FormDefinition, row = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    const v = sampleValue(f, row);
    if (v !== undefined) out[f.key] = v;
  }
  return out;
}

/** A display text of a sample value for the list preview. */
export function displayText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map(displayText).join(' 至 ');
  if (typeof v === 'object') return 'name' in v ? String((v as { name: unknown }).name) : JSON.stringify(v);
  return String(v);
}
