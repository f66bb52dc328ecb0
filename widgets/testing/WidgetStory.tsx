// The harness every widget story renders: one field of a type code drawn through the
// registry (FieldRenderer) with its value kept in state and shown under it, so a story shows
// value in → value out. The locale follows the i18next language (the toolbar's locale).
import { useContext, useMemo, useState } from 'react';
import { Row } from 'antd';
import { I18nContext } from 'react-i18next';
import { LOCALES, typeInfo, type FieldDefinition, type Locale, type PageWidth, type TypeCode } from '../../schemas';
import type { WidgetServices } from '../types';
import { FieldRenderer } from '../FieldRenderer';
import { getWidget } from '../registry';
import { fixtureServices } from './fixtures';

export interface WidgetStoryProps {
  /** the type code drawn */
  code: TypeCode;
  /** the field's label (zh-CN); the type's name in the current locale when empty */
  label?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** draw the read-only View (view/approve modes) */
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
  /** errors of nested values (sub-form) */
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
  const field = storyField(props.code, props, locale);
  return (
    <div style={{ maxWidth: 960, padding: 16 }} lang={locale}>
      <Row gutter={16}>
        <FieldRenderer
          field={field}
          value={value}
          onChange={setValue}
          required={props.required}
          disabled={props.disabled}
          readOnly={props.readOnly}
          view={props.view}
          error={props.error}
          errors={props.errors}
          locale={locale}
          services={services}
        />
      </Row>
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
  disabled: { control: 'boolean' },
  readOnly: { control: 'boolean' },
  view: { control: 'boolean' },
  error: { control: 'text' },
  width: { control: 'inline-radio', options: [12, 24] },
  help: { control: 'text' },
  value: { control: 'object' },
  field: { control: 'object' },
  services: { control: false, table: { disable: true } },
  errors: { control: 'object' },
} as const;
