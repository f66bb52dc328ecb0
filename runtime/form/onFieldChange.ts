import { pathsToClear } from '../../schemas';
import { validatePath, type FormModel } from '../engine';

/**
 * The user typed or picked: set the value (the rules and formulas that read it follow), then
 * check the shape of what was typed (length, decimals, date, option) and place or clear that
 * field's error at once. Missing required values are reported on save only.
 */
export function onFieldChange(model: FormModel, path: string, value: unknown) {
  const prev = model.getValue(path);
  if (model.setValue(path, value).length) validatePath(model, path);
  clearDependents(model, path, prev, value, 0);
}

const holds = (v: unknown) => !(v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0));

/**
 * Dependent pickers (schemas/dataSourceParams.ts): a picker whose params read the changed field
 * no longer holds a value that belongs (brand changed → the row's product cleared), and so on
 * down the chain (the definition's validation refuses circles; the depth is a safety net).
 */
function clearDependents(model: FormModel, path: string, prev: unknown, next: unknown, depth: number) {
  if (depth > 8) return;
  for (const p of pathsToClear(model.definition.fields, path, prev, next, (sf) => model.getRowIds(sf).length)) {
    const old = model.getValue(p);
    if (!holds(old)) continue;
    if (model.setValue(p, undefined).length) validatePath(model, p);
    clearDependents(model, p, old, undefined, depth + 1);
  }
}
