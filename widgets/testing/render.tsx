// Render one field of a type code for a test through the form renderer of the product
// (widgets/form: FieldShell + the registry's Widget or View, the detail table for a sub-form)
// over a local store that keeps its value like a host, recording every value it emits.
import { useState, type ComponentType } from 'react';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition, Locale, TypeCode } from '../../schemas';
import type { WidgetProps, WidgetServices } from '../types';
import { getWidget } from '../registry';
import { FieldShell } from '../FieldShell';
import { FieldRenderer, formGridStyle } from '../form/FieldRenderer';
import { useFieldStore } from '../form/localSource';
import { storyField } from './WidgetStory';
import { fixtureServices } from './fixtures';
import { StoryProviders } from './storyDecorators';

export interface RenderFieldOptions {
  value?: unknown;
  field?: Partial<FieldDefinition>;
  label?: string;
  services?: WidgetServices;
  /** not editable: the form draws the read-only View (view and approve modes, a read-only field) */
  view?: boolean;
  required?: boolean;
  /** the field's error, as the form places it after validation */
  error?: string;
  /** errors of nested values by record path (a sub-form cell: `<key>.<row>.<column>`) */
  errors?: Record<string, string>;
  locale?: Locale;
}

export function renderField(code: TypeCode, options: RenderFieldOptions = {}) {
  const locale = options.locale ?? 'zh-CN';
  const services = options.services ?? fixtureServices();
  const field = storyField(code, { label: options.label, field: options.field }, locale);
  const emitted: unknown[] = [];
  let latest: unknown = options.value;
  const state = { editable: !options.view, ...(options.required !== undefined ? { required: options.required } : {}) };
  const errors = options.error ? { ...options.errors, [field.key]: options.error } : options.errors;
  function Host() {
    const [value, setValue] = useState<unknown>(options.value);
    const source = useFieldStore({
      field,
      value,
      state,
      errors,
      onChange: (v) => {
        emitted.push(v);
        latest = v;
        setValue(v);
      },
    });
    return (
      <div style={formGridStyle}>
        <FieldRenderer source={source} field={field} locale={locale} services={services} />
      </div>
    );
  }
  const user = userEvent.setup({ delay: null, applyAccept: false });
  const result = render(
    <StoryProviders locale={locale}>
      <Host />
    </StoryProviders>,
  );
  return {
    ...result,
    user,
    field,
    services,
    /** every value emitted, in order */
    emitted,
    /** the value the host holds now */
    value: () => latest,
    /** the main input, by the field's label */
    input: () => {
      const el = result.container.querySelector<HTMLElement>(`#${CSS.escape(`fw-${field.key}`)}`);
      if (!el) throw new Error(`no element #fw-${field.key}`);
      return el;
    },
  };
}

/**
 * The edit widget alone with `disabled` or `readOnly` — props of the widget contract that hosts
 * drawing widgets themselves pass (the interop theme); the form renderer draws the View instead.
 */
export function renderWidget(code: TypeCode, options: { label?: string; value?: unknown; disabled?: boolean; readOnly?: boolean; locale?: Locale } = {}) {
  const locale = options.locale ?? 'zh-CN';
  const field = storyField(code, { label: options.label }, locale);
  const Widget = getWidget(code).Widget as unknown as ComponentType<WidgetProps<unknown>>;
  const id = `fw-${field.key}`;
  const emitted: unknown[] = [];
  const onChange = (v: unknown) => void emitted.push(v);
  const result = render(
    <StoryProviders locale={locale}>
      <FieldShell id={id} field={field} locale={locale} disabled={options.disabled} readOnly={options.readOnly} grid="css">
        <Widget
          id={id}
          field={field}
          value={options.value}
          onChange={onChange}
          disabled={options.disabled}
          readOnly={options.readOnly}
          locale={locale}
          services={fixtureServices()}
        />
      </FieldShell>
    </StoryProviders>,
  );
  return {
    ...result,
    user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }),
    emitted,
    input: () => result.container.querySelector<HTMLElement>(`#${CSS.escape(id)}`)!,
  };
}

/** Open an antd Select/TreeSelect by its combobox and wait for an option with `title`. */
export async function pickOption(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, keyword: string, title: string) {
  await user.click(combobox);
  if (keyword) await user.type(combobox, keyword);
  const option = await waitFor(
    () => {
      const el = document.querySelector<HTMLElement>(
        `.ant-select-item-option[title="${CSS.escape(title)}"], .ant-select-tree-node-content-wrapper[title="${CSS.escape(title)}"]`,
      );
      if (!el) throw new Error(`option ${title} not shown`);
      return el;
    },
    { timeout: 3000 },
  );
  await user.click(option);
}
