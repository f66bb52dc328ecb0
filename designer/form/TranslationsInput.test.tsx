import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TC, type LocalizedText } from '../../schemas';
import { sampleDefinition } from '../core/testing';
import { FormDesignerPage } from './FormDesignerPage';
import { designerT } from './i18n';
import { MemoryDesignerApi } from './testing/memoryApi';
import { TranslationsInput } from './TranslationsInput';
import { labelDefaults } from './translations';

const t = designerT('zh-CN');

function Harness({ initial, compact, seen }: { initial: LocalizedText; compact?: boolean; seen: LocalizedText[] }) {
  const [value, setValue] = useState<LocalizedText | undefined>(initial);
  return (
    <TranslationsInput
      id="x"
      value={value}
      required
      compact={compact}
      label="标签"
      defaults={labelDefaults(TC.TEXT)}
      t={t}
      onChange={(v) => {
        if (v) seen.push(v);
        setValue(v);
      }}
    />
  );
}

describe('TranslationsInput', () => {
  it('stacked: edits the three locales; renaming zh-CN drops the type-name defaults left in en-US and zh-TW', () => {
    const seen: LocalizedText[] = [];
    render(<Harness initial={{ 'zh-CN': '单行文本', 'en-US': 'Single-line text', 'zh-TW': '單行文本' }} seen={seen} />);
    expect(screen.queryByTestId('x-missing')).toBeNull();
    fireEvent.change(screen.getByTestId('x-zh-CN'), { target: { value: '报销事由' } });
    expect(seen.at(-1)).toEqual({ 'zh-CN': '报销事由' });
    expect(screen.getByTestId('x-en-US')).toHaveValue('');
    expect(screen.getByTestId('x-missing')).toHaveTextContent('缺少翻译');
    fireEvent.change(screen.getByTestId('x-en-US'), { target: { value: 'Reason' } });
    fireEvent.change(screen.getByTestId('x-zh-TW'), { target: { value: '報銷事由' } });
    expect(seen.at(-1)).toEqual({ 'zh-CN': '报销事由', 'en-US': 'Reason', 'zh-TW': '報銷事由' });
    expect(screen.queryByTestId('x-missing')).toBeNull();
    // a blank translation is not stored (the runtime would show the blank instead of falling back)
    fireEvent.change(screen.getByTestId('x-en-US'), { target: { value: '  ' } });
    expect(seen.at(-1)).toEqual({ 'zh-CN': '报销事由', 'zh-TW': '報銷事由' });
    fireEvent.change(screen.getByTestId('x-en-US'), { target: { value: 'Reason' } });
    // a real translation stays when zh-CN changes again
    fireEvent.change(screen.getByTestId('x-zh-CN'), { target: { value: '报销原因' } });
    expect(seen.at(-1)).toEqual({ 'zh-CN': '报销原因', 'en-US': 'Reason', 'zh-TW': '報銷事由' });
  });

  it('compact: a globe button with a dot while a translation is missing opens the en-US and zh-TW inputs', async () => {
    const seen: LocalizedText[] = [];
    render(<Harness compact initial={{ 'zh-CN': '差旅' }} seen={seen} />);
    const globe = screen.getByTestId('x-translations');
    expect(globe).toHaveAttribute('data-missing', 'true');
    expect(screen.queryByTestId('x-en-US')).toBeNull();
    fireEvent.click(globe);
    const pop = await screen.findByTestId('x-translations-popover');
    fireEvent.change(within(pop).getByTestId('x-en-US'), { target: { value: 'Travel' } });
    fireEvent.change(within(pop).getByTestId('x-zh-TW'), { target: { value: '差旅' } });
    expect(seen.at(-1)).toEqual({ 'zh-CN': '差旅', 'en-US': 'Travel', 'zh-TW': '差旅' });
    expect(screen.getByTestId('x-translations')).toHaveAttribute('data-missing', 'false');
  });
});

describe('the designer: option translations and the missing-translations list', () => {
  it('gives a dropdown option its English text, counts the missing texts and selects the field of one picked', async () => {
    const api = new MemoryDesignerApi().seed(sampleDefinition(), { publish: true });
    render(
      <App>
        <FormDesignerPage api={api} code="expenseApp" />
      </App>,
    );
    await screen.findByTestId('form-designer');
    const count = () => Number(screen.getByTestId('missing-translations-button').getAttribute('data-count'));
    // the sample's form name and 9 labels lack both translations
    const before = count();
    expect(before).toBe(10);
    fireEvent.click(screen.getByTestId('palette-select'));
    await screen.findByTestId('canvas-field-select1');
    // a new dropdown: its label and options carry the defaults in three locales, nothing missing yet
    expect(count()).toBe(before);
    fireEvent.change(screen.getByTestId('prop-label-zh-CN'), { target: { value: '费用类型' } });
    expect(screen.getByTestId('prop-label-en-US')).toHaveValue('');
    expect(count()).toBe(before + 1);
    fireEvent.change(screen.getByTestId('prop-options-0-label-zh-CN'), { target: { value: '差旅' } });
    expect(count()).toBe(before + 2);
    fireEvent.click(screen.getByTestId('prop-options-0-label-translations'));
    fireEvent.change(await screen.findByTestId('prop-options-0-label-en-US'), { target: { value: 'Travel' } });
    fireEvent.change(screen.getByTestId('prop-options-0-label-zh-TW'), { target: { value: '差旅' } });
    expect(count()).toBe(before + 1);
    await waitFor(
      () => expect(api.entries.get('expenseApp')!.draft!.fields.at(-1)!.options![0].label).toEqual({ 'zh-CN': '差旅', 'en-US': 'Travel', 'zh-TW': '差旅' }),
      {
        timeout: 4000,
      },
    );
    // the list: picking the amount field's entry selects it
    fireEvent.click(screen.getByTestId('missing-translations-button'));
    const list = await screen.findByTestId('missing-translations');
    const entry = within(list)
      .getAllByTestId('missing-translation')
      .find((e) => e.getAttribute('data-path') === 'amount')!;
    act(() => entry.click());
    expect(screen.getByTestId('property-panel')).toHaveAttribute('data-path', 'amount');
    // publishing names how many texts still lack a translation
    fireEvent.click(screen.getByTestId('publish'));
    expect(await screen.findByTestId('publish-untranslated', {}, { timeout: 4000 })).toHaveTextContent(`还有 ${before + 1} 处文字缺少`);
  });
});
