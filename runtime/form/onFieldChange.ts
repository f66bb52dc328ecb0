import { validatePath, type FormModel } from '../engine';

/**
 * The user typed or picked: set the value (the rules and formulas that read it follow), then
 * check the shape of what was typed (length, decimals, date, option) and place or clear that
 * field's error at once. Missing required values are reported on save only.
 */
export function onFieldChange(model: FormModel, path: string, value: unknown) {
  if (model.setValue(path, value).length) validatePath(model, path);
}
