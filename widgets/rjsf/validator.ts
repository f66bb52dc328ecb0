// rjsf's validator for a definition: validation is the definition's compiled record schema
// (the same validator and the same localised messages as the runtime and the server), its
// errors placed on the rjsf fields; schema matching (anyOf/oneOf) is rjsf's ajv8 with the
// record vocabulary (formats and keywords of schemas/compileRecordSchema.ts).
import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { addRecordVocabulary, compileRecordSchema, type FormDefinition, type FormMode, type Locale, type RecordError } from '../../schemas';

/** Record errors (`amount`, `mingXi.2.qty`) as rjsf's error schema and list. */
export function recordErrorsToRjsf(errors: readonly RecordError[]): ValidationData<unknown> {
  const errorSchema: Record<string, unknown> = {};
  const list: RJSFValidationError[] = [];
  for (const e of errors) {
    let node = errorSchema;
    for (const part of e.field.split('.')) node = (node[part] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(e.message);
    list.push({ name: e.code, property: `.${e.field}`, message: e.message, stack: `${e.field}: ${e.message}`, params: e.params });
  }
  return { errors: list, errorSchema: errorSchema as ErrorSchema };
}

export function recordValidator(def: FormDefinition, { mode = 0, locale = 'zh-CN' }: { mode?: FormMode; locale?: Locale } = {}): ValidatorType {
  const base = customizeValidator({ extenderFn: addRecordVocabulary });
  const compiled = compileRecordSchema(def, mode);
  return {
    validateFormData: (formData) => recordErrorsToRjsf(compiled.validate(formData ?? {}, locale).errors),
    isValid: (schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema) => base.isValid(schema, formData, rootSchema),
    rawValidation: (schema: RJSFSchema, formData?: unknown) => base.rawValidation(schema, formData),
    reset: () => base.reset?.(),
  };
}
