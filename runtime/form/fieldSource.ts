// The engine's field model as the form renderer's FieldSource (widgets/form/source.ts): reads and
// subscriptions go straight to the model; typing goes through onFieldChange (set the value,
// then check what was typed). One source per model, shared by the form and its print view.
import type { FieldSource } from '../../widgets/form/source';
import type { FormModel } from '../engine';
import { onFieldChange } from './onFieldChange';

const sources = new WeakMap<FormModel, FieldSource>();

export function fieldSourceOf(model: FormModel): FieldSource {
  let source = sources.get(model);
  if (!source) {
    source = {
      getState: (path) => model.getState(path),
      getValue: (path) => model.getValue(path),
      getError: (path) => model.getError(path),
      getRowIds: (subForm) => model.getRowIds(subForm),
      change: (path, value) => onFieldChange(model, path, value),
      addRow: (subForm) => void model.addRow(subForm),
      removeRow: (subForm, rowIndex) => void model.removeRow(subForm, rowIndex),
      subscribe: (path, listener) => model.subscribe(path, listener),
      onChange: (listener) => model.onChange(listener),
    };
    sources.set(model, source);
  }
  return source;
}
