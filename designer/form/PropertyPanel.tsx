// The property panel. It is generated from the selected type's property JSON Schema (the widget
// meta's `properties`): each schema property becomes a control (localized texts, switches,
// numbers, decimal strings, enums, option lists, nested objects). Every change is a
// setFieldProperties command (typing coalesces into one undo step); the key is renamed through
// renameKey, validated as it is typed. A small renderer of our own rather than rjsf: the panel
// needs a command per keystroke with coalescing, drafts for values that are not valid yet
// (an empty required label, a half-typed decimal) and the designer's own texts.
import { useState, type ReactNode } from 'react';
import { Button, Empty, Form, Input, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FORM_TYPES, TC, isTypeCode, type Locale, type FieldDefinition, type FormDefinition, type LocalizedText } from '../../schemas';
import {
  columnsOf,
  getField,
  keyProblem,
  localizedText,
  removeFields,
  renameKey,
  setFieldProperties,
  setFormProperty,
  setWidth,
  type DesignerError,
} from '../core';
import { textOf, useDesignerT, type DesignerT } from './i18n';
import { useDefinition, useDesignerStore, useSelection } from './useDesigner';
import { labelDefaults, optionDefaults } from './translations';
import { TranslationsInput } from './TranslationsInput';
import { metaOf, metaOptionLabels } from './widgetMetas';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  title?: string;
  [extra: string]: unknown;
};

export function errorText(t: DesignerT, e: DesignerError): string {
  return t(`errors.${e.code}`, e.params);
}

const isLocalizedSchema = (s: Schema) => s.type === 'object' && !!s.properties && 'zh-CN' in s.properties;

/** Keeps what the user types until it is valid (derived-state pattern: resets when the stored value changes). */
function useDraft<T>(value: T): [T, (v: T) => void] {
  const [draft, setDraft] = useState(value);
  const [prev, setPrev] = useState(value);
  if (value !== prev) {
    setPrev(value);
    setDraft(value);
  }
  return [draft, setDraft];
}

function PatternInput({
  id,
  value,
  pattern,
  onChange,
  t,
}: {
  id: string;
  value: string | undefined;
  pattern: string;
  onChange: (v: string | undefined) => void;
  t: DesignerT;
}) {
  const [draft, setDraft] = useDraft(value ?? '');
  const bad = draft !== '' && !new RegExp(pattern).test(draft);
  return (
    <>
      <Input
        id={id}
        size="small"
        data-testid={id}
        status={bad ? 'error' : undefined}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          if (e.target.value === '') onChange(undefined);
          else if (new RegExp(pattern).test(e.target.value)) onChange(e.target.value);
        }}
      />
      {bad && <Typography.Text type="danger">{t('panel.invalidNumber')}</Typography.Text>}
    </>
  );
}

function OptionsEditor({
  id,
  type,
  value,
  onChange,
  t,
}: {
  id: string;
  type: number;
  value: FieldDefinition['options'];
  onChange: (v: FieldDefinition['options']) => void;
  t: DesignerT;
}) {
  const options = value ?? [];
  const defaults = optionDefaults(options.length, metaOptionLabels(type));
  const set = (i: number, patch: Partial<NonNullable<FieldDefinition['options']>[number]>) =>
    onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }} data-testid={id}>
      {options.map((o, i) => (
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Input
            size="small"
            style={{ width: '35%' }}
            aria-label={t('panel.optionValue')}
            value={o.value}
            onChange={(e) => e.target.value && set(i, { value: e.target.value.slice(0, 64) })}
          />
          <TranslationsInput
            id={`${id}-${i}-label`}
            compact
            required
            label={t('panel.optionLabel')}
            value={o.label}
            defaults={defaults}
            t={t}
            onChange={(label) => label && set(i, { label })}
          />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('toolbar.delete')}
            onClick={() => onChange(options.length > 1 ? options.filter((_, j) => j !== i) : undefined)}
          />
        </Space.Compact>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => {
          const used = new Set(options.map((o) => o.value));
          let n = options.length + 1;
          while (used.has(String(n))) n++;
          onChange([...options, { value: String(n), label: localizedText('defaults.option', { n }) }]);
        }}
      >
        {t('panel.addOption')}
      </Button>
    </Space>
  );
}

interface PropControlProps {
  id: string;
  name: string;
  schema: Schema;
  value: unknown;
  required: boolean;
  field: FieldDefinition;
  onChange: (v: unknown) => void;
  t: DesignerT;
  locale: Locale;
}

const DECIMAL_PATTERN_TEXT = '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$';
/** Properties the panel edits elsewhere (key) or never (the columns are the canvas's). */
export const PANEL_SKIPS = new Set(['key', 'fields']);

export function propTitle(t: DesignerT, name: string, schema: Schema): string {
  const k = `props.${name}`;
  const s = t(k);
  return s === k ? (schema.title ?? name) : s;
}

/** The effective schema of a value whose type depends on the field's type (default, min, max). */
function valueSchema(name: string, schema: Schema, field: FieldDefinition): Schema | null {
  const typed = typeof schema.type === 'string';
  if (typed && !(name === 'min' || name === 'max' || name === 'default')) return schema;
  if (field.type === TC.DECIMAL) return { type: 'string', pattern: DECIMAL_PATTERN_TEXT };
  if (field.type === TC.INTEGER) return { type: 'integer' };
  if (name === 'default' && [TC.TEXT, TC.TEXTAREA, TC.CODE].includes(field.type as never)) return { type: 'string', maxLength: field.length ?? 200 };
  if (name === 'default' && field.options?.length) return { type: 'string' };
  return typed ? schema : null;
}

function PropControl(props: PropControlProps): ReactNode {
  const { id, name, value, required, field, onChange, t, locale } = props;
  const schema = valueSchema(name, props.schema, field);
  if (!schema) return null;
  if (isLocalizedSchema(schema))
    return (
      <TranslationsInput
        id={id}
        value={value as LocalizedText | undefined}
        required={required}
        defaults={name === 'label' ? labelDefaults(field.type) : undefined}
        onChange={onChange}
        t={t}
      />
    );
  if (name === 'options' && schema.type === 'array')
    return <OptionsEditor id={id} type={field.type} value={value as FieldDefinition['options']} onChange={onChange} t={t} />;
  if (name === 'totals') {
    return (
      <Select
        id={id}
        size="small"
        mode="multiple"
        style={{ width: '100%' }}
        value={(value as string[] | undefined) ?? []}
        onChange={(v: string[]) => onChange(v.length ? v : undefined)}
        options={columnsOf(field).map((c) => ({ value: c.key, label: textOf(c.label, locale) }))}
      />
    );
  }
  if (name === 'default' && field.options?.length) {
    return (
      <Select
        id={id}
        size="small"
        allowClear
        style={{ width: '100%' }}
        value={value as string | undefined}
        onChange={(v) => onChange(v ?? undefined)}
        options={field.options.map((o) => ({ value: o.value, label: textOf(o.label, locale) }))}
      />
    );
  }
  if (schema.enum) {
    return (
      <Radio.Group id={id} size="small" value={value} onChange={(e) => onChange(e.target.value)} optionType="button" data-testid={id}>
        {schema.enum.map((v) => (
          <Radio.Button key={String(v)} value={v}>
            {t(`enum.${name}.${String(v)}`)}
          </Radio.Button>
        ))}
      </Radio.Group>
    );
  }
  switch (schema.type) {
    case 'boolean':
      return <Switch id={id} size="small" checked={value === true} data-testid={id} onChange={(v) => onChange(v ? true : undefined)} />;
    case 'integer':
    case 'number':
      return (
        <InputNumber
          id={id}
          size="small"
          data-testid={id}
          style={{ width: '100%' }}
          min={schema.minimum}
          max={schema.maximum}
          precision={schema.type === 'integer' ? 0 : undefined}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
        />
      );
    case 'string':
      if (schema.pattern)
        return <PatternInput id={id} value={typeof value === 'string' ? value : undefined} pattern={schema.pattern} onChange={onChange} t={t} />;
      return (
        <Input
          id={id}
          size="small"
          data-testid={id}
          maxLength={schema.maxLength}
          value={(value as string | undefined) ?? ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      );
    case 'array':
      if (schema.items?.type === 'string') {
        return (
          <Select
            id={id}
            size="small"
            mode="tags"
            style={{ width: '100%' }}
            value={(value as string[] | undefined) ?? []}
            onChange={(v: string[]) => onChange(v.length ? v : undefined)}
          />
        );
      }
      return null;
    case 'object': {
      const obj = (value ?? {}) as Record<string, unknown>;
      const entries = Object.entries(schema.properties ?? {}).filter(([, s]) => !(s.type === 'object' && !s.properties));
      if (entries.length === 0) return null;
      return (
        <fieldset style={{ border: '1px solid #f0f0f0', padding: 6, margin: 0 }}>
          {entries.map(([k, s]) => (
            <Form.Item key={k} label={propTitle(t, k, s)} htmlFor={`${id}-${k}`} style={{ marginBottom: 6 }}>
              <PropControl
                id={`${id}-${k}`}
                name={k}
                schema={s}
                value={obj[k]}
                required={false}
                field={field}
                t={t}
                locale={locale}
                onChange={(v) => {
                  const next = { ...obj, [k]: v };
                  if (v === undefined) delete next[k];
                  onChange(Object.keys(next).length ? next : undefined);
                }}
              />
            </Form.Item>
          ))}
        </fieldset>
      );
    }
    default:
      return null;
  }
}

function KeyEditor({ path, definition }: { path: string; definition: FormDefinition }) {
  const store = useDesignerStore();
  const { t } = useDesignerT();
  const field = getField(definition, path)!;
  const [draft, setDraft] = useDraft(field.key);
  const problem = draft === field.key ? null : keyProblem(definition, path, draft);
  const commit = () => {
    if (draft === field.key || problem) return;
    const res = store.dispatch(renameKey(path, draft));
    if (!res.ok) setDraft(field.key);
  };
  return (
    <Form.Item
      label={t('props.key')}
      htmlFor="prop-key"
      validateStatus={problem ? 'error' : undefined}
      help={problem ? errorText(t, problem) : field.renamedFrom?.length ? t('panel.renamedFrom', { keys: field.renamedFrom.join(', ') }) : undefined}
      style={{ marginBottom: 8 }}
    >
      <Input id="prop-key" size="small" data-testid="prop-key" value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={commit} onPressEnter={commit} />
    </Form.Item>
  );
}

function FieldProperties({ path }: { path: string }) {
  const store = useDesignerStore();
  const { t, locale } = useDesignerT();
  const definition = useDefinition();
  const field = getField(definition, path);
  if (!field) return null;
  const meta = isTypeCode(field.type) ? metaOf(field.type) : null;
  const schema = (meta?.properties ?? { properties: {} }) as Schema;
  const isColumn = path.includes('.');
  return (
    <div data-testid="property-panel" data-path={path}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {meta ? meta.name[locale] : field.type} · {textOf(field.label, locale)}
      </Typography.Title>
      <Form layout="vertical" size="small" component="div">
        <KeyEditor key={path} path={path} definition={definition} />
        {Object.entries(schema.properties ?? {})
          .filter(([name]) => !PANEL_SKIPS.has(name) && !(isColumn && name === 'width'))
          .map(([name, s]) => (
            <Form.Item key={`${path}:${name}`} label={propTitle(t, name, s)} htmlFor={`prop-${name}`} style={{ marginBottom: 8 }}>
              <PropControl
                id={`prop-${name}`}
                name={name}
                schema={s}
                value={(field as Record<string, unknown>)[name]}
                required={(schema.required ?? []).includes(name) || name === 'label'}
                field={field}
                t={t}
                locale={locale}
                onChange={(v) => store.dispatch(setFieldProperties(path, { [name]: v } as Partial<FieldDefinition>))}
              />
            </Form.Item>
          ))}
      </Form>
    </div>
  );
}

function FormProperties() {
  const store = useDesignerStore();
  const { t, locale } = useDesignerT();
  const def = useDefinition();
  return (
    <div data-testid="form-properties">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('panel.formProperties')}
      </Typography.Title>
      <Form layout="vertical" size="small" component="div">
        <Form.Item label={t('form.code')}>
          <Input size="small" value={def.code} disabled />
        </Form.Item>
        <Form.Item label={t('form.name')} htmlFor="form-name">
          <TranslationsInput id="form-name" value={def.name} required t={t} onChange={(v) => v && store.dispatch(setFormProperty('name', v))} />
        </Form.Item>
        <Form.Item label={t('form.description')} htmlFor="form-description">
          <TranslationsInput
            id="form-description"
            value={def.description}
            required={false}
            t={t}
            onChange={(v) => store.dispatch(setFormProperty('description', v))}
          />
        </Form.Item>
        <Form.Item label={t('form.formType')} htmlFor="form-type">
          <Select
            id="form-type"
            size="small"
            value={def.formType}
            onChange={(v: number) => store.dispatch(setFormProperty('formType', v))}
            options={Object.values(FORM_TYPES).map((ft) => ({ value: ft.code, label: `${ft.name[locale]} (${ft.code})` }))}
          />
        </Form.Item>
        <Form.Item label={t('form.titleTemplate')} htmlFor="form-title-template" help={t('form.titleTemplateHelp')}>
          <Input
            id="form-title-template"
            size="small"
            maxLength={200}
            value={def.titleTemplate ?? ''}
            onChange={(e) => store.dispatch(setFormProperty('titleTemplate', e.target.value || undefined))}
          />
        </Form.Item>
        <Form.Item label={t('form.numberPrefix')} htmlFor="form-number-prefix">
          <Input
            id="form-number-prefix"
            size="small"
            maxLength={20}
            value={def.numberRule?.prefix ?? ''}
            onChange={(e) => {
              const prefix = e.target.value.replace(/[^A-Za-z0-9-]/g, '');
              store.dispatch(setFormProperty('numberRule', prefix ? { ...(def.numberRule ?? {}), prefix } : undefined));
            }}
          />
        </Form.Item>
      </Form>
    </div>
  );
}

export function PropertyPanel() {
  const store = useDesignerStore();
  const { t } = useDesignerT();
  const selection = useSelection();
  let content: ReactNode;
  if (selection.length === 0) content = <FormProperties />;
  else if (selection.length === 1) content = <FieldProperties path={selection[0]} />;
  else {
    content = (
      <div data-testid="multi-selection">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('panel.multi', { n: selection.length })} />
        <Space wrap>
          <Button size="small" onClick={() => store.dispatch(setWidth(selection, 12))}>
            {t('panel.half')}
          </Button>
          <Button size="small" onClick={() => store.dispatch(setWidth(selection, 24))}>
            {t('panel.full')}
          </Button>
          <Button size="small" danger onClick={() => store.dispatch(removeFields(selection))}>
            {t('toolbar.delete')}
          </Button>
        </Space>
      </div>
    );
  }
  return (
    <aside className="fw-designer-panel" aria-label={t('panel.title')} onBlur={() => store.breakCoalescing()}>
      {content}
    </aside>
  );
}
