// The client and the server evaluate one rule graph the same way: for every seeded definition
// (and two engine fixtures that use what the catalog does not), every form mode and generated
// data of each field's shape, the form model's field states and values equal what the server's
// evaluateRuleEffects + withFormulaResults make of the same record —
// - built at once from a record (the whole-record pass), and
// - typed in field by field, rows added (and a spare row added and removed), in random order:
//   the incremental model must end where a whole-record evaluation of its data ends.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CATALOG, FORM_MODES, TC, evaluateRuleEffects, validateDefinition, withFormulaResults, type FormDefinition, type FormMode } from '../../schemas';
import { createFormModel, type FormModel } from './formModel';
import { expenseDefinition } from './fixtures/expense';
import { parityDefinition } from './fixtures/parity';
import { recordArbitrary, rowArbitrary } from './fixtures/recordArbitrary';

const user = { id: '1000000000000000001', name: '张三', departmentName: '市场部' };
const MODES: FormMode[] = [0, 1, 2, 3, 4];
const RUNS = 50;
type Row = Record<string, unknown>;

const DEFINITIONS: FormDefinition[] = [...CATALOG, expenseDefinition(), parityDefinition()];
/** the approval node the modes 3 and 4 act on: one the permissions name, if any */
const nodeOf = (def: FormDefinition) => Object.keys(def.permissions?.nodes ?? {})[0] ?? 'n';

/** the model's state of every path the server reports, in the server's shape */
function clientStates(model: FormModel, paths: Iterable<string>) {
  return new Map(
    [...paths].map((p) => {
      const { path, visible, editable, required, computed } = model.getState(p);
      return [p, { path, visible, editable, required, computed }];
    }),
  );
}

function expectParity(def: FormDefinition, mode: FormMode, model: FormModel, data: Row) {
  const server = evaluateRuleEffects(def, data, mode, { node: nodeOf(def) });
  expect(server.problems).toEqual([]);
  expect(clientStates(model, server.states.keys())).toEqual(server.states);
  // the values: formulas (and setValue actions) as the server computes them
  const values = model.getValues();
  expect(values).toEqual(server.data);
  expect(values).toEqual(withFormulaResults(values, server));
  return server;
}

describe('rule parity: the form model and the server evaluate the same graph', () => {
  it('the parity fixture is a valid definition', () => {
    expect(validateDefinition(parityDefinition()).errors).toEqual([]);
  });

  for (const def of DEFINITIONS) {
    for (const mode of MODES) {
      it(`${def.code}, mode ${mode}: a record at once`, () => {
        fc.assert(
          fc.property(recordArbitrary(def), (data) => {
            const model = createFormModel({
              definition: def,
              mode,
              user,
              node: { id: nodeOf(def) },
              record: { id: '1', number: 'FW1', data: structuredClone(data) },
            });
            const server = expectParity(def, mode, model, data);
            // what the server stores of a computed path is what the client computed there
            const stored = withFormulaResults(data, server);
            for (const path of server.formulaPaths) {
              const [key, row, col] = path.split('.');
              expect(model.getValue(path), path).toEqual(col === undefined ? stored[key] : (stored[key] as Row[])[Number(row)][col]);
            }
          }),
          { numRuns: RUNS },
        );
      });

      it(`${def.code}, mode ${mode}: typed field by field in random order`, () => {
        const subForms = def.fields.filter((f) => f.type === TC.SUB_FORM);
        const spare = fc.record(Object.fromEntries(subForms.map((s) => [s.key, rowArbitrary(s)])));
        const steps = recordArbitrary(def).chain((data) => {
          const list: string[] = [];
          for (const [k, v] of Object.entries(data)) {
            if (!Array.isArray(v) || !subForms.some((s) => s.key === k)) list.push(k);
            else (v as Row[]).forEach((r, i) => Object.keys(r).forEach((c) => c !== '_id' && list.push(`${k}.${i}.${c}`)));
          }
          for (const s of subForms) list.push(`spare:${s.key}`);
          return fc.tuple(fc.constant(data), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }), spare);
        });
        fc.assert(
          fc.property(steps, ([data, order, spareRows]) => {
            const model = createFormModel({
              definition: def,
              mode,
              user,
              node: { id: nodeOf(def) },
              record: mode === FORM_MODES.ADD ? null : { id: '1', number: 'FW1', data: {} },
            });
            for (const step of order) {
              if (step.startsWith('spare:')) {
                // a row added with values and removed again leaves no trace
                const sub = step.slice(6);
                if (model.addRow(sub, (spareRows as Record<string, Row>)[sub]).length) model.removeRow(sub, model.getRowIds(sub).length - 1);
                continue;
              }
              const [key, row, col] = step.split('.');
              if (col === undefined) {
                model.setValue(key, data[key]);
                continue;
              }
              // the rows up to this one exist (mode 0 may start with minRows rows)
              while (model.getRowIds(key).length <= Number(row) && model.addRow(key).length) {
                /* add */
              }
              model.setValue(step, (data[key] as Row[])[Number(row)][col]);
            }
            expectParity(def, mode, model, model.getValues());
          }),
          { numRuns: RUNS },
        );
      });
    }
  }
});
