// Render one field of a type code through the registry for a test, keeping its value in
// state (like a host) and recording every value it emits.
import { useState } from 'react';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Row } from 'antd';
import type { FieldDefinition, Locale, TypeCode } from '../../schemas';
import type { WidgetServices } from '../types';
import { FieldRenderer } from '../FieldRenderer';
import { storyField } from './WidgetStory';
import { fixtureServices } from './fixtures';
import { StoryProviders } from './storyDecorators';

export interface RenderFieldOptions {
  value?: unknown;
  field?: Partial<FieldDefinition>;
  label?: string;
  services?: WidgetServices;
  view?: boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: string;
  errors?: Record<string, string>;
  locale?: Locale;
}

export function renderField(code: TypeCode, options: RenderFieldOptions = {}) {
  const locale = options.locale ?? 'zh-CN';
  const services = options.services ?? fixtureServices();
  const field = storyField(code, { label: options.label, field: options.field }, locale);
  const emitted: unknown[] = [];
  let latest: unknown = options.value;
  function Host() {
    const [value, setValue] = useState<unknown>(options.value);
    return (
      <Row>
        <FieldRenderer
          field={field}
          value={value}
          onChange={(v) => {
            emitted.push(v);
            latest = v;
            setValue(v);
          }}
          view={options.view}
          required={options.required}
          disabled={options.disabled}
          readOnly={options.readOnly}
          error={options.error}
          errors={options.errors}
          locale={locale}
          services={services}
        />
      </Row>
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

/** Open an antd Select/TreeSelect by its combobox and wait for an option with `title`. */
export async function pickOption(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, keyword: string, title: string) {
  await user.click(combobox);
  if (keyword) await user.type(combobox, keyword);
  const option = await waitFor(
    () => {
      const el = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${CSS.escape(title)}"], .ant-select-tree-node-content-wrapper[title="${CSS.escape(title)}"]`);
      if (!el) throw new Error(`option ${title} not shown`);
      return el;
    },
    { timeout: 3000 },
  );
  await user.click(option);
}
