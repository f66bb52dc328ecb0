// What a definition's expressions may read: every field and sub-form column by path, the main
// fields that hold values, and each sub-form's value columns. The runtime's form model and the
// server's rule evaluation (schemas/ruleEffects.ts) build their scope here, so both accept and
// refuse the same expressions.
import { columnsOf } from '../columnsOf';
import { TC, holdsValue } from '../typeCodes';
import type { FieldDefinition, FormDefinition } from '../definition';
import type { ExpressionScope } from './expressions';

export interface DefinitionScope {
  /** `key` for main fields, `subForm.column` for columns */
  fieldByPath: Map<string, FieldDefinition>;
  /** main field keys that hold values */
  mainValueKeys: Set<string>;
  /** sub-form key → its value column keys */
  subForms: Map<string, Set<string>>;
  scope: ExpressionScope;
}

export function definitionScope(def: FormDefinition): DefinitionScope {
  const fieldByPath = new Map<string, FieldDefinition>();
  const mainValueKeys = new Set<string>();
  const subForms = new Map<string, Set<string>>();
  for (const f of def.fields) {
    fieldByPath.set(f.key, f);
    if (f.type === TC.SUB_FORM) {
      const cols = new Set<string>();
      for (const c of columnsOf(f)) {
        fieldByPath.set(`${f.key}.${c.key}`, c);
        if (holdsValue(c.type)) cols.add(c.key);
      }
      subForms.set(f.key, cols);
    } else if (holdsValue(f.type)) {
      mainValueKeys.add(f.key);
    }
  }
  return { fieldByPath, mainValueKeys, subForms, scope: { fields: mainValueKeys, subForms } };
}
