// Test helpers for designer/core (used by the *.test.ts files only).
import { Value } from '@sinclair/typebox/value';
import { DEFINITION_SCHEMA_VERSION, FormDefinition, TC, type FieldDefinition } from '../../schemas';
import { DesignerStore, type DesignerStoreOptions } from './designerStore';

/** Schema errors of a definition (empty when it validates against the FormDefinition schema). */
export function schemaErrors(def: unknown): string[] {
  return [...Value.Errors(FormDefinition, def)].map((e) => `${e.path}: ${e.message}`);
}

const label = (zh: string): FieldDefinition['label'] => ({ 'zh-CN': zh });

/** An expense application with a sub-form, a rule, formulas, permissions and list settings. */
export function sampleDefinition(): FormDefinition {
  return {
    schemaVersion: DEFINITION_SCHEMA_VERSION,
    code: 'expenseApp',
    name: { 'zh-CN': '费用申请' },
    version: 1,
    formType: 80021,
    titleTemplate: '{dealer}-{amount}',
    fields: [
      { key: 'subject', type: TC.TEXT, label: label('主题'), required: true, width: 24 },
      { key: 'amount', type: TC.DECIMAL, label: label('申请金额'), precision: 2, required: true, width: 12 },
      { key: 'dealer', type: TC.DEALER, label: label('经销商'), width: 12 },
      { key: 'period', type: TC.DATE, label: label('活动期间'), range: true, width: 12 },
      { key: 'remark', type: TC.TEXTAREA, label: label('备注'), width: 24 },
      {
        key: 'detail',
        type: TC.SUB_FORM,
        label: label('费用明细'),
        width: 24,
        fields: [
          { key: 'qty', type: TC.INTEGER, label: label('数量') },
          { key: 'price', type: TC.DECIMAL, label: label('单价'), precision: 2 },
          { key: 'lineAmount', type: TC.DECIMAL, label: label('金额'), precision: 2 },
        ],
        totals: ['lineAmount'],
      },
    ],
    rules: [
      {
        id: 'r1',
        when: { '>': [{ var: 'amount' }, 10000] },
        then: [{ action: 'require', target: 'remark' }],
        otherwise: [{ action: 'optional', target: 'remark' }],
      },
    ],
    formulas: [
      { id: 'f1', target: 'detail.lineAmount', expression: { dMul: [{ var: 'qty' }, { var: 'price' }] } },
      { id: 'f2', target: 'amount', expression: { colSum: ['detail', 'lineAmount'] } },
    ],
    permissions: {
      modes: { '2': { amount: 'readonly' }, '3': { remark: 'readonly', 'detail.price': 'readonly' } },
      nodes: { leader: { amount: 'editable' } },
    },
    list: {
      columns: [{ key: 'number' }, { key: 'subject' }, { key: 'amount', sortable: true }, { key: 'dealer' }],
      filters: [{ key: 'amount', op: 'range' }],
      defaultSort: { key: 'amount', order: 'desc' },
      pageSize: 20,
    },
  };
}

/** A store over the sample definition with a controllable clock. */
export function sampleStore(options: DesignerStoreOptions = {}): { store: DesignerStore; clock: { t: number } } {
  const clock = { t: 1_000_000 };
  const store = new DesignerStore(sampleDefinition(), { now: () => clock.t, ...options });
  return { store, clock };
}
