// A small expense form used across the server tests (the catalog is tested by schemas/).
import type { FormDefinition } from '../../schemas';
import { DEFINITION_SCHEMA_VERSION, TC } from '../../schemas';

export function expenseForm(code = 'testExpense', extra: Partial<FormDefinition> = {}): FormDefinition {
  return {
    schemaVersion: DEFINITION_SCHEMA_VERSION,
    code,
    name: { 'zh-CN': '测试费用申请', 'en-US': 'Test expense application', 'zh-TW': '測試費用申請' },
    version: 0,
    formType: 80021,
    numberRule: { prefix: 'FYSQ', dateFormat: 'YYYYMMDD', sequenceLength: 4 },
    titleTemplate: '{dealer}-{amount}',
    fields: [
      { key: 'dealer', type: TC.DEALER, label: { 'zh-CN': '经销商' }, required: true },
      { key: 'amount', type: TC.DECIMAL, label: { 'zh-CN': '申请金额' }, required: true, precision: 2, money: true, min: '0' },
      { key: 'activityCode', type: TC.CODE, label: { 'zh-CN': '活动编号' } },
      {
        key: 'channel',
        type: TC.SELECT,
        label: { 'zh-CN': '渠道' },
        options: [
          { value: 'KA', label: { 'zh-CN': '现代渠道' } },
          { value: 'TT', label: { 'zh-CN': '传统渠道' } },
        ],
      },
      { key: 'qty', type: TC.INTEGER, label: { 'zh-CN': '数量' } },
      { key: 'startDate', type: TC.DATE, label: { 'zh-CN': '开始日期' } },
      { key: 'remark', type: TC.RICH_TEXT, label: { 'zh-CN': '说明' } },
      {
        key: 'mingXi',
        type: TC.SUB_FORM,
        label: { 'zh-CN': '费用明细' },
        fields: [
          { key: 'item', type: TC.TEXT, label: { 'zh-CN': '项目' }, required: true },
          { key: 'price', type: TC.DECIMAL, label: { 'zh-CN': '单价' }, precision: 2 },
        ],
      },
    ],
    ...extra,
  };
}

export const dealerValue = (i = 1) => ({ id: String(1000000000000000000n + BigInt(i)), name: `经销商${i}` });
