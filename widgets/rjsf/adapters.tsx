// @rjsf/core adapters: with `{...formworkRjsf}` and the schema/uiSchema of `toRjsf`, an rjsf
// <Form> draws every field of a definition through the widget registry —
//   fields.formworkField        → the type's Widget (or View), value in/out unchanged
//   widgets.formwork            → the same as an rjsf widget (string/number schemas only)
//   fields.formworkSubForm      → the sub-form table (99997), rows as SubFormRow[]
//   fields.formworkDivider      → the divider's section title (99999)
//   templates.FieldTemplate     → FieldShell: label + red asterisk, width, help, error slot
//   templates.ObjectFieldTemplate → the 24-column grid (antd Row)
//   templates.ArrayFieldTemplate  → arrays not adapted above, as plain stacked items
import type { ComponentType } from 'react';
import { Col, Row } from 'antd';
import type { UiSchema, ArrayFieldTemplateProps, FieldProps, FieldTemplateProps, ObjectFieldTemplateProps, RegistryFieldsType, RegistryWidgetsType, TemplatesType, WidgetProps as RjsfWidgetProps } from '@rjsf/utils';
import type { SubFormRow } from '../../schemas';
import type { ViewProps, WidgetProps } from '../types';
import { FieldShell } from '../FieldShell';
import { widgetComponents, getWidget } from '../registry';
import { DIVIDER_FIELD, FORMWORK_FIELD, FORMWORK_WIDGET, SUB_FORM_FIELD, formworkOptions } from './toRjsf';
import { formworkContext } from './context';

const firstError = (errors: string[] | undefined) => (errors && errors.length ? errors[0] : undefined);

/** rjsf widget → registry Widget (or View in view mode). */
export function FormworkWidget(props: RjsfWidgetProps) {
  const opts = formworkOptions(props.uiSchema);
  const ctx = formworkContext(props.registry.formContext);
  if (!opts) return null;
  const parts = widgetComponents(opts.fwField.type);
  if (!parts) return null;
  if (opts.view) return <parts.View field={opts.fwField} value={props.value} locale={ctx.locale} services={ctx.services} />;
  const Widget = parts.Widget;
  return (
    <Widget
      id={props.id}
      field={opts.fwField}
      value={props.value}
      onChange={(v) => props.onChange(v)}
      onBlur={() => props.onBlur(props.id, props.value)}
      disabled={props.disabled}
      readOnly={props.readonly}
      required={props.required}
      error={firstError(props.rawErrors)}
      locale={ctx.locale}
      services={ctx.services}
    />
  );
}

/**
 * Any field as one rjsf field (what `toRjsf` uses): the registry Widget or View, whatever the
 * value's JSON shape (objects for pickers, arrays for files, …).
 */
export function FormworkField(props: FieldProps) {
  const opts = formworkOptions(props.uiSchema as UiSchema | undefined);
  const ctx = formworkContext(props.registry.formContext);
  const parts = opts ? widgetComponents(opts.fwField.type) : undefined;
  if (!opts || !parts) return null;
  if (opts.view) return <parts.View field={opts.fwField} value={props.formData} locale={ctx.locale} services={ctx.services} />;
  const id = props.fieldPathId.$id;
  const Widget = parts.Widget;
  return (
    <Widget
      id={id}
      field={opts.fwField}
      value={props.formData}
      onChange={(v) => props.onChange(v, props.fieldPathId.path)}
      onBlur={() => props.onBlur(id, props.formData)}
      disabled={props.disabled}
      readOnly={props.readonly}
      required={props.required}
      error={firstError(props.rawErrors)}
      errors={ctx.nestedErrors?.[opts.fwField.key]}
      locale={ctx.locale}
      services={ctx.services}
    />
  );
}

/** The sub-form (99997) as one rjsf field: the registry's table, not rjsf's array UI. */
export function SubFormField(props: FieldProps<SubFormRow[]>) {
  const opts = formworkOptions(props.uiSchema as UiSchema | undefined);
  const ctx = formworkContext(props.registry.formContext);
  if (!opts) return null;
  const def = getWidget(opts.fwField.type);
  if (!def) return null;
  const id = props.fieldPathId.$id;
  if (opts.view) {
    const View = def.View as unknown as ComponentType<ViewProps<SubFormRow[]>>;
    return <View field={opts.fwField} value={props.formData} locale={ctx.locale} services={ctx.services} />;
  }
  const Widget = def.Widget as unknown as ComponentType<WidgetProps<SubFormRow[]>>;
  return (
    <Widget
      id={id}
      field={opts.fwField}
      value={props.formData}
      onChange={(v) => props.onChange(v, props.fieldPathId.path)}
      disabled={props.disabled}
      readOnly={props.readonly}
      required={props.required}
      error={firstError(props.rawErrors)}
      errors={ctx.nestedErrors?.[opts.fwField.key]}
      locale={ctx.locale}
      services={ctx.services}
    />
  );
}

/** The divider (99999): a section title, no value. */
export function DividerField(props: FieldProps) {
  const opts = formworkOptions(props.uiSchema);
  const ctx = formworkContext(props.registry.formContext);
  const parts = opts ? widgetComponents(opts.fwField.type) : undefined;
  if (!opts || !parts) return null;
  return <parts.View field={opts.fwField} value={undefined} locale={ctx.locale} services={ctx.services} />;
}

/** Every adapted field inside its FieldShell; the divider across the full width. */
export function FormworkFieldTemplate(props: FieldTemplateProps) {
  const opts = formworkOptions(props.uiSchema);
  const ctx = formworkContext(props.registry.formContext);
  if (props.hidden) return <div style={{ display: 'none' }}>{props.children}</div>;
  if (!opts) {
    // the root object, or a field this adapter did not shape
    return <div className={props.classNames}>{props.children}</div>;
  }
  if (props.uiSchema?.['ui:field'] === DIVIDER_FIELD) {
    return (
      <Col span={24} data-testid={`field-${opts.fwField.key}`}>
        {props.children}
      </Col>
    );
  }
  return (
    <FieldShell id={props.id} field={opts.fwField} locale={ctx.locale} required={props.required} error={firstError(props.rawErrors)} disabled={props.disabled} readOnly={props.readonly} view={opts.view}>
      {props.children}
    </FieldShell>
  );
}

/** The fields of the form in the 24-column grid. */
export function FormworkObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  return (
    <Row gutter={16} className="fw-form-grid">
      {props.properties.map((p) => (p.hidden ? null : p.content))}
    </Row>
  );
}

/** Arrays the adapter did not turn into sub-forms: their items stacked. */
export function FormworkArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  return <div className={props.className}>{props.items}</div>;
}

export const formworkWidgets: RegistryWidgetsType = { [FORMWORK_WIDGET]: FormworkWidget };
export const formworkFields: RegistryFieldsType = { [FORMWORK_FIELD]: FormworkField, [SUB_FORM_FIELD]: SubFormField as RegistryFieldsType[string], [DIVIDER_FIELD]: DividerField };
export const formworkTemplates: Partial<TemplatesType> = {
  FieldTemplate: FormworkFieldTemplate,
  ObjectFieldTemplate: FormworkObjectFieldTemplate,
  ArrayFieldTemplate: FormworkArrayFieldTemplate,
};

/** Spread into an rjsf <Form>: `<Form {...formworkRjsf} schema uiSchema formContext …/>`. */
export const formworkRjsf = { widgets: formworkWidgets, fields: formworkFields, templates: formworkTemplates };
