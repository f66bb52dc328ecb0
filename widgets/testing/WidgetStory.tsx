// The harness every widget story renders: one field of a type code drawn by the form renderer
// of the product (widgets/form, the same components the runtime form uses) over a local store
// holding its value, shown under it, so a story shows value in → value out. The locale follows
// the i18next language (the toolbar's locale).
import { useContext, useMemo, useState } from 'react';
import { I18nContext } from 'react-i18next';
import { LOCALES, typeInfo, type FieldDefinition, type Locale, type PageWidth, type TypeCode } from '../../schemas';
import type { WidgetServices } from '../types';
import { FieldRenderer, formGridStyle } from '../form/FieldRenderer';
import { FORM_GRID_CLASS } from '../form/phoneLayout';
import { useFieldStore } from '../form/localSource';
import { getWidget } from '../registry';
import { fixtureServices } from './fixtures';

export interface WidgetStoryProps {
  /** the type code drawn */
  code: TypeCode;
  /** the field's label (zh-CN); the type's name in the current locale when empty */
  label?: string;
  required?: boolean;
  /** not editable: the read-only View (view/approve modes, a read-only field) */
  view?: boolean;
  /** the field's error, as a host would pass it */
  error?: string;
  width?: PageWidth;
  help?: string;
  value?: unknown;
  /** more of the field definition (precision, options, range, columns …) */
  field?: Partial<FieldDefinition>;
  /** services; fixtures with a little latency by default */
  services?: WidgetServices;
  /** errors of nested values by record path (a sub-form cell: `<key>.<row>.<column>`) */
  errors?: Record<string, string>;
}

export function useStoryLocale(): Locale {
  const ctx = useContext(I18nContext);
  const lng = ctx?.i18n?.language;
  return (LOCALES as readonly string[]).includes(lng ?? '') ? (lng as Locale) : 'zh-CN';
}

/** The field a story draws: the type's defaults, the story's overrides. */
export function storyField(code: TypeCode, p: Pick<WidgetStoryProps, 'label' | 'help' | 'width' | 'field'>, locale: Locale): FieldDefinition {
  const meta = getWidget(code).meta;
  const info = typeInfo(code);
  const label = p.label ? { 'zh-CN': p.label } : { 'zh-CN': info.name['zh-CN'], 'en-US': info.name['en-US'], 'zh-TW': info.name['zh-TW'] };
  const base = { ...meta.defaults, key: `${info.id}Field`, type: code, label } as FieldDefinition;
  void locale;
  return {
    ...base,
    ...(p.width ? { width: p.width } : {}),
    ...(p.help ? { help: { 'zh-CN': p.help } } : {}),
    ...p.field,
  };
}

export function WidgetStory(props: WidgetStoryProps) {
  const locale = useStoryLocale();
  const defaultServices = useMemo(() => fixtureServices({ latencyMs: 150, uploadStepMs: 150 }), []);
  const services = props.services ?? defaultServices;
  const [value, setValue] = useState<unknown>(props.value);
  const [seen, setSeen] = useState<unknown>(props.value);
  if (seen !== props.value) {
    setSeen(props.value);
    setValue(props.value);
  }
  const { code, label, help, width, field: fieldArg, view, required, error, errors: nested } = props;
  const field = useMemo(() => storyField(code, { label, help, width, field: fieldArg }, locale), [code, label, help, width, fieldArg, locale]);
  const state = useMemo(() => ({ editable: !view, ...(required !== undefined ? { required } : {}) }), [view, required]);
  const errors = useMemo(() => (error ? { ...nested, [field.key]: error } : nested), [error, nested, field.key]);
  const source = useFieldStore({ field, value, onChange: setValue, state, errors });
  return (
    <div style={{ maxWidth: 960, padding: 16 }} lang={locale}>
      <div className={FORM_GRID_CLASS} style={formGridStyle}>
        <FieldRenderer source={source} field={field} locale={locale} services={services} />
      </div>
      <details style={{ marginTop: 8, fontSize: 12 }}>
        <summary>value</summary>
        <pre data-testid="value-out" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {value === undefined ? 'undefined' : JSON.stringify(value, null, 2)}
        </pre>
      </details>
    </div>
  );
}

/** Controls shared by every widget story. */
export const widgetArgTypes = {
  code: { control: false },
  label: { control: 'text' },
  required: { control: 'boolean' },
  view: { control: 'boolean' },
  error: { control: 'text' },
  width: { control: 'inline-radio', options: [12, 24] },
  help: { control: 'text' },
  value: { control: 'object' },
  field: { control: 'object' },
  services: { control: false, table: { disable: true } },
  errors: { control: 'object' },
} as const;
