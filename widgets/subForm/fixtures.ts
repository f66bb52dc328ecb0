// A realistic expense-detail sub-form for stories and tests: product, quantity, unit price,
// amount and remark, with totals of quantity and amount.
import { TC, type FieldDefinition, type SubFormRow } from '../../schemas';
import { fixtureValue } from '../testing/fixtures';

export const SUB_FORM_FIELD: Partial<FieldDefinition> = {
  fields: [
    { key: 'product', type: TC.PRODUCT, label: { 'zh-CN': '单品', 'en-US': 'Product', 'zh-TW': '單品' }, required: true },
    { key: 'quantity', type: TC.INTEGER, label: { 'zh-CN': '数量', 'en-US': 'Quantity', 'zh-TW': '數量' }, required: true },
    { key: 'unitPrice', type: TC.DECIMAL, label: { 'zh-CN': '单价', 'en-US': 'Unit price', 'zh-TW': '單價' }, precision: 2 },
    { key: 'amount', type: TC.DECIMAL, label: { 'zh-CN': '金额', 'en-US': 'Amount', 'zh-TW': '金額' }, precision: 2, money: true, required: true },
    { key: 'remark', type: TC.TEXT, label: { 'zh-CN': '备注', 'en-US': 'Remark', 'zh-TW': '備註' } },
  ],
  totals: ['quantity', 'amount'],
  maxRows: 1000,
};

export const SUB_FORM_ROWS: SubFormRow[] = [
  { _id: '1800997000000000001', product: fixtureValue('danPin', 0), quantity: 120, unitPrice: '35.50', amount: '4260.00', remark: '端架陈列' },
  { _id: '1800997000000000002', product: fixtureValue('danPin', 2), quantity: 80, unitPrice: '48.00', amount: '3840.00' },
  { _id: '1800997000000000003', product: fixtureValue('danPin', 3), quantity: 45, unitPrice: '62.80', amount: '2826.00', remark: '堆头' },
];

/** n rows for the virtualisation story and test. */
export function manyRows(n: number): SubFormRow[] {
  return Array.from({ length: n }, (_, i) => {
    const base = SUB_FORM_ROWS[i % SUB_FORM_ROWS.length];
    return { ...base, _id: String(1800997000000100000n + BigInt(i)), quantity: (i % 50) + 1 };
  });
}
