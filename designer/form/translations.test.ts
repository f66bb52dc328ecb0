import { describe, expect, it } from 'vitest';
import { DEFINITION_SCHEMA_VERSION, TC, type FormDefinition } from '../../schemas';
import { newField } from '../core';
import { dropStale, missingTranslations, optionDefaults, staleLocales, labelDefaults } from './translations';

const full = (zh: string, en: string, tw: string) => ({ 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });

function form(fields: FormDefinition['fields'], extra: Partial<FormDefinition> = {}): FormDefinition {
  return {
    schemaVersion: DEFINITION_SCHEMA_VERSION,
    code: 'f',
    name: full('费用申请', 'Expense request', '費用申請'),
    version: 0,
    formType: 0,
    fields,
    ...extra,
  };
}

describe('missingTranslations', () => {
  it('answers nothing for a form whose every text has the three locales', () => {
    const def = form([
      {
        key: 'kind',
        type: TC.SELECT,
        label: full('费用类型', 'Expense type', '費用類型'),
        placeholder: full('请选择', 'Choose', '請選擇'),
        options: [{ value: 'a', label: full('差旅', 'Travel', '差旅') }],
      },
      {
        key: 'detail',
        type: TC.SUB_FORM,
        label: full('明细', 'Lines', '明細'),
        fields: [{ key: 'qty', type: TC.INTEGER, label: full('数量', 'Quantity', '數量') }],
      },
    ]);
    expect(missingTranslations(def)).toEqual([]);
  });

  it('lists every text kind lacking en-US or zh-TW, with its field path, in canvas order', () => {
    const def = form(
      [
        {
          key: 'kind',
          type: TC.SELECT,
          label: { 'zh-CN': '费用类型', 'en-US': 'Expense type' },
          help: { 'zh-CN': '按制度选择' },
          options: [{ value: 'a', label: { 'zh-CN': '差旅', 'en-US': ' ', 'zh-TW': '差旅' } }],
        },
        {
          key: 'detail',
          type: TC.SUB_FORM,
          label: full('明细', 'Lines', '明細'),
          fields: [{ key: 'qty', type: TC.INTEGER, label: { 'zh-CN': '数量' }, placeholder: full('0', '0', '0') }],
        },
      ],
      {
        name: { 'zh-CN': '费用申请' },
        description: { 'zh-CN': '说明', 'zh-TW': '說明' },
        list: { columns: [{ key: 'kind', label: { 'zh-CN': '类型' } }, { key: 'qty' }] },
      },
    );
    const got = missingTranslations(def).map((m) => [m.path, m.kind, m.item ?? null, m.zh, m.missing.join(',')]);
    expect(got).toEqual([
      [null, 'name', null, '费用申请', 'en-US,zh-TW'],
      [null, 'description', null, '说明', 'en-US'],
      ['kind', 'label', null, '费用类型', 'zh-TW'],
      ['kind', 'help', null, '按制度选择', 'en-US,zh-TW'],
      ['kind', 'option', 'a', '差旅', 'en-US'],
      ['detail.qty', 'label', null, '数量', 'en-US,zh-TW'],
      [null, 'listColumn', 'kind', '类型', 'en-US,zh-TW'],
    ]);
  });

  it("flags a renamed field whose en-US/zh-TW is still its type's default name, and an option left at 'Option 2'", () => {
    const field = newField(TC.TEXT, 'text1');
    field.label = { ...field.label, 'zh-CN': '报销事由' };
    const sel = newField(TC.SELECT, 'select1');
    sel.options = [
      { value: '1', label: full('差旅', 'Travel', '差旅') },
      { value: '2', label: { ...sel.options![1].label, 'zh-CN': '招待' } },
    ];
    const untouched = newField(TC.DATE, 'date1');
    const got = missingTranslations(form([field, sel, untouched]));
    expect(got.map((m) => [m.path, m.kind, m.item ?? null, m.stale.join(','), m.missing.length])).toEqual([
      ['text1', 'label', null, 'en-US,zh-TW', 0],
      ['select1', 'option', '2', 'en-US,zh-TW', 0],
    ]);
  });
});

describe('staleLocales / dropStale', () => {
  it('keeps a translation equal to a default when zh-CN is that default too, drops it otherwise', () => {
    const d = labelDefaults(TC.TEXT);
    expect(staleLocales(d[0], d)).toEqual([]);
    const renamed = { ...d[0], 'zh-CN': '事由' };
    expect(staleLocales(renamed, d)).toEqual(['en-US', 'zh-TW']);
    expect(dropStale(renamed, d)).toEqual({ 'zh-CN': '事由' });
    expect(dropStale({ 'zh-CN': '事由', 'en-US': 'Reason' }, d)).toEqual({ 'zh-CN': '事由', 'en-US': 'Reason' });
    expect(optionDefaults(2)[1]).toEqual({ 'zh-CN': '选项2', 'en-US': 'Option 2', 'zh-TW': '選項2' });
  });

  it("keeps a widget's own default option (选项一 / Option 1) when zh-CN is that default, though the designer's numbered default says Option 1 too", () => {
    const widget = [{ 'zh-CN': '选项一', 'en-US': 'Option 1', 'zh-TW': '選項一' }];
    const sel = {
      key: 's',
      type: TC.SELECT,
      label: full('类型', 'Type', '類型'),
      options: [
        { value: '1', label: widget[0] },
        { value: '2', label: { 'zh-CN': '招待', 'en-US': 'Option 1', 'zh-TW': '招待' } },
      ],
    };
    expect(missingTranslations(form([sel]), () => widget).map((m) => [m.item, m.stale.join(',')])).toEqual([['2', 'en-US']]);
    expect(staleLocales(widget[0], optionDefaults(2, widget))).toEqual([]);
  });
});
