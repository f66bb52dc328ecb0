// Every seeded definition runs in the engine in every mode: expressions compile (allowed
// operators, known fields), formulas and rules evaluate, validation compiles.
import { describe, expect, it } from 'vitest';
import { CATALOG, CATALOG_BY_CODE, FORM_MODES, TC, type FormMode } from '../../schemas';
import { createFormModel } from './formModel';
import { validateModel } from './validation';
import { columnsOf } from './fields';

const user = { id: '1000000000000000001', name: '张三', departmentName: '市场部' };

describe('seeded catalog', () => {
  for (const def of CATALOG) {
    it(`${def.code} builds in modes 0–4 and validates`, () => {
      for (const mode of [0, 1, 2, 3, 4] as FormMode[]) {
        const m = createFormModel({ definition: def, mode, user, node: { id: 'n' }, record: mode === 0 ? null : { id: '1', number: 'FW1', data: {} } });
        expect(m.fields.length).toBeGreaterThan(0);
        const r = validateModel(m, { draft: mode !== 0 });
        expect(Array.isArray(r.errors)).toBe(true);
      }
    });
  }
  it('feiYongShenQing: a detail row recomputes what depends on it', () => {
    const def = CATALOG_BY_CODE.get('feiYongShenQing')!;
    const sub = def.fields.find((f) => f.type === TC.SUB_FORM)!;
    const m = createFormModel({ definition: def, mode: FORM_MODES.ADD, user });
    m.addRow(sub.key);
    const cols = columnsOf(sub).filter((c) => c.type === TC.DECIMAL);
    const before = m.stats.evaluations;
    for (const c of cols) if (m.getState(`${sub.key}.${c.key}`).editable) m.setValue(`${sub.key}.0.${c.key}`, '0.1');
    // something recomputes (formulas over the detail exist in the seeded form)
    expect((def.formulas ?? []).length === 0 || m.stats.evaluations > before).toBe(true);
  });
});
