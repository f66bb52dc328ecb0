// The rjsf theme: with `{...formworkRjsf}` and the schema and uiSchema of `toRjsf`, a plain
// @rjsf/core <Form> draws a definition through the widget registry —
//   fields.formworkField           → the type's Widget (or View), value in and out unchanged
//                                    (a sub-form is the value-based detail table)
//   templates.FieldTemplate        → by the type's layout: FieldShell (label, red asterisk,
//                                    width, help, error slot) or the block as it is
//   templates.ObjectFieldTemplate  → the 24-column grid in the definition's order, with the
//                                    full-row types (dividers, which hold no value) in place,
//                                    and the registry as the detail tables' cell host
import { Fragment } from 'react';
import type { ErrorSchema, FieldProps, FieldTemplateProps, ObjectFieldTemplateProps, RegistryFieldsType, TemplatesType } from '@rjsf/utils';
import type { Locale } from '../../schemas';
import type { WidgetServices } from '../types';
import { FieldShell } from '../FieldShell';
import { getWidget, registryCells, widgetComponents } from '../registry';
import { CellHostContext } from '../form/cells';
import { formGridStyle } from '../form/FieldRenderer';
import { FORMWORK_FIELD, formworkOptions, rootOptions } from './toRjsf';

/** What the theme reads from the Form's `formContext`. */
export interface FormworkFormContext {
  locale: Locale;
  services: WidgetServices;
}

export function formworkContext(ctx: unknown): FormworkFormContext {
  const c = (ctx ?? {}) as Partial<FormworkFormContext>;
  return { locale: c.locale ?? 'zh-CN', services: c.services ?? {} };
}

const firstError = (errors: string[] | undefined) => (errors && errors.length ? errors[0] : undefined);

/** The errors under a field (a sub-form's cells) by record path: `mingXi.2.qty`. */
function nestedErrors(schema: ErrorSchema | undefined, prefix: string, out: Record<string, string> = {}): Record<string, string> {
  if (!schema) return out;
  for (const [k, v] of Object.entries(schema)) {
    if (k === '__errors' || !v || typeof v !== 'object') continue;
    const path = `${prefix}.${k}`;
    const own = (v as ErrorSchema).__errors;
    if (own?.length) out[path] = own[0];
    nestedErrors(v as ErrorSchema, path, out);
  }
  return out;
}

/** Any field as one rjsf field: the registry's Widget or View, whatever the value's JSON shape. */
export function FormworkField(props: FieldProps) {
  const opts = formworkOptions(props.uiSchema);
  const ctx = formworkContext(props.registry.formContext);
  const parts = opts ? widgetComponents(opts.fwField.type) : undefined;
  if (!opts || !parts) return null;
  const { fwField: field } = opts;
  if (opts.view) return <parts.View field={field} value={props.formData} locale={ctx.locale} services={ctx.services} />;
  const id = props.fieldPathId.$id;
  const errors = nestedErrors(props.errorSchema, field.key);
  return (
    <parts.Widget
      id={id}
      field={field}
      value={props.formData}
      onChange={(v) => props.onChange(v, props.fieldPathId.path)}
      onBlur={() => props.onBlur(id, props.formData)}
      disabled={props.disabled}
      readOnly={props.readonly}
      required={props.required}
      error={firstError(props.errorSchema?.__errors)}
      errors={Object.keys(errors).length ? errors : undefined}
      locale={ctx.locale}
      services={ctx.services}
    />
  );
}

/** An inline field inside its FieldShell; a block (the sub-form, with its own label) as it is. */
export function FormworkFieldTemplate(props: FieldTemplateProps) {
  const opts = formworkOptions(props.uiSchema);
  const ctx = formworkContext(props.registry.formContext);
  if (!opts) return <div className={props.classNames}>{props.children}</div>; // the root object
  if (props.hidden || opts.fwField.hidden) return null;
  if (getWidget(opts.fwField.type)?.meta.layout === 'block') return <>{props.children}</>;
  return (
    <FieldShell
      id={props.id}
      field={opts.fwField}
      locale={ctx.locale}
      required={props.required}
      error={firstError(props.rawErrors)}
      disabled={props.disabled}
      readOnly={props.readonly}
      view={opts.view}
      grid="css"
    >
      {props.children}
    </FieldShell>
  );
}

/** The definition's fields in the 24-column grid, full-row types in place. */
export function FormworkObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const root = rootOptions(props.uiSchema);
  if (!root) return <div>{props.properties.map((p) => (p.hidden ? null : <Fragment key={p.name}>{p.content}</Fragment>))}</div>;
  const ctx = formworkContext(props.registry.formContext);
  const byName = new Map(props.properties.map((p) => [p.name, p]));
  return (
    <CellHostContext.Provider value={registryCells}>
      <div className="fw-form-grid" style={formGridStyle}>
        {root.fwFields.map((f) => {
          const def = getWidget(f.type);
          if (f.hidden || !def) return null;
          if (def.meta.layout === 'full-row') {
            const View = widgetComponents(f.type)!.View;
            return (
              <div key={f.key} data-testid={`section-${f.key}`} style={{ gridColumn: 'span 24' }}>
                <View field={f} value={undefined} locale={ctx.locale} services={ctx.services} />
              </div>
            );
          }
          const p = byName.get(f.key);
          return p && !p.hidden ? <Fragment key={f.key}>{p.content}</Fragment> : null;
        })}
      </div>
    </CellHostContext.Provider>
  );
}

export const formworkFields: RegistryFieldsType = { [FORMWORK_FIELD]: FormworkField };
export const formworkTemplates: Partial<TemplatesType> = { FieldTemplate: FormworkFieldTemplate, ObjectFieldTemplate: FormworkObjectFieldTemplate };

/**
 * Spread into an rjsf <Form>: `<Form {...formworkRjsf} schema uiSchema validator formContext …/>`.
 * rjsf computes no defaults: an empty picker stays absent rather than becoming `{}`, a sub-form
 * gets no rows of its own (a definition's defaults are the record's, not the schema's).
 */
export const formworkRjsf = {
  fields: formworkFields,
  templates: formworkTemplates,
  experimental_defaultFormStateBehavior: { emptyObjectFields: 'skipDefaults', arrayMinItems: { populate: 'never' } },
} as const;
