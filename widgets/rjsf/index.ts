// The rjsf interop theme — for teams already on @rjsf/core: a definition's compiled record
// schema rendered inside a plain rjsf <Form> with our widgets, validated by the same validator
// as the runtime and the server. Nothing in the product depends on it: the runtime renders
// through widgets/form over the engine's field model (see widgets/README.md for why).
//
//   const { schema, uiSchema } = toRjsf(definition, { mode });
//   <Form {...formworkRjsf} schema={schema} uiSchema={uiSchema} validator={recordValidator(definition, { mode, locale })}
//         formContext={{ locale, services }} formData={data} onChange={(e) => setData(e.formData)} />
export { toRjsf, formworkOptions, rootOptions, FORMWORK_FIELD, type FormworkUiOptions, type FormworkRootOptions, type ToRjsfOptions } from './toRjsf';
export { recordValidator, recordErrorsToRjsf } from './validator';
export {
  formworkRjsf,
  formworkFields,
  formworkTemplates,
  formworkContext,
  FormworkField,
  FormworkFieldTemplate,
  FormworkObjectFieldTemplate,
  type FormworkFormContext,
} from './theme';
