// A fresh, schema-valid definition for "create" in the form list.
import { DEFINITION_SCHEMA_VERSION, FORM_TYPES, type FormDefinition, type LocalizedText } from '../../schemas';

export function newDefinition(code: string, name: LocalizedText, formType: number = FORM_TYPES.GENERIC.code): FormDefinition {
  return { schemaVersion: DEFINITION_SCHEMA_VERSION, code, name, version: 0, formType, fields: [] };
}

/** A copy of a definition under a new code: a never-published draft, former keys dropped. */
export function copyDefinition(def: FormDefinition, code: string, name: LocalizedText): FormDefinition {
  const copy = structuredClone(def);
  copy.code = code;
  copy.name = name;
  copy.version = 0;
  const strip = (fields: FormDefinition['fields']): void => {
    for (const f of fields) {
      delete f.renamedFrom;
      if (f.fields) strip(f.fields as FormDefinition['fields']);
    }
  };
  strip(copy.fields);
  return copy;
}
