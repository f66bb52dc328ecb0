export { toRjsf, formworkOptions, FORMWORK_WIDGET, FORMWORK_FIELD, SUB_FORM_FIELD, DIVIDER_FIELD, type FormworkUiOptions, type ToRjsfOptions } from './toRjsf';
export { formworkContext, type FormworkFormContext } from './context';
export {
  formworkRjsf,
  formworkWidgets,
  formworkFields,
  formworkTemplates,
  FormworkWidget,
  FormworkField,
  SubFormField,
  DividerField,
  FormworkFieldTemplate,
  FormworkObjectFieldTemplate,
  FormworkArrayFieldTemplate,
} from './adapters';
