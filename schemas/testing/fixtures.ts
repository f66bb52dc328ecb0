// A small but complete definition for the tests of schemas/ (not exported from index.ts).
import type { FormDefinition } from '../definition';
import { DEFINITION_SCHEMA_VERSION } from '../definition';

const L = (zh: string, en: string, tw = zh) => ({ 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });

/** A fresh copy each call, so tests may mutate it. */
export function sampleDefinition(): FormDefinition {
  return {
    schemaVersion: DEFINITION_SCHEMA_VERSION,
    code: 'testForm',
    name: L('测试表单', 'Test form', '測試表單'),
    version: 1,
    formType: 0,
    fields: [
      { key: 'secBasic', type: 99999, label: L('基本信息', 'Basic'), width: 24 },
      { key: 'huoDongMingCheng', type: 0, label: L('活动名称', 'Activity name', '活動名稱'), required: true, width: 12 },
      { key: 'beiZhu', type: 1, label: L('备注', 'Remarks', '備註'), length: 500 },
      { key: 'bianHao', type: 92, label: L('编号', 'Number', '編號'), length: 30, unique: true },
      {
        key: 'leiXing',
        type: 2,
        label: L('类型', 'Type', '類型'),
        options: [
          { value: 'A', label: L('甲', 'A') },
          { value: 'B', label: L('乙', 'B') },
        ],
      },
      { key: 'shuLiang', type: 15, label: L('数量', 'Quantity', '數量'), min: 0, max: 1000 },
      { key: 'jinE', type: 16, label: L('金额', 'Amount', '金額'), precision: 2, money: true, min: '0', max: '1000000.00' },
      { key: 'riQi', type: 80, label: L('日期', 'Date') },
      { key: 'qiJian', type: 80, label: L('活动期间', 'Period', '活動期間'), range: true },
      { key: 'shiJian', type: 80, label: L('时间', 'Time', '時間'), withTime: true },
      { key: 'jingXiaoShang', type: 87, label: L('经销商', 'Dealer', '經銷商') },
      { key: 'wangDian', type: 14, label: L('网点', 'Outlets', '網點'), dataSource: { multiple: true } },
      { key: 'fuJian', type: 21, label: L('附件', 'Attachments'), file: { maxCount: 2 } },
      { key: 'jieTi', type: 84, label: L('返利阶梯', 'Rebate tiers', '返利階梯') },
      { key: 'weiZhi', type: 91, label: L('位置', 'Location') },
      { key: 'ziDingYi', type: 77, label: L('自定义', 'Custom', '自定義'), component: 'demo' },
      {
        key: 'mingXi',
        type: 99997,
        label: L('费用明细', 'Detail lines', '費用明細'),
        minRows: 1,
        maxRows: 5,
        totals: ['jinE'],
        fields: [
          { key: 'chanPin', type: 27, label: L('品牌', 'Brand') },
          { key: 'shuLiang', type: 15, label: L('数量', 'Quantity', '數量'), required: true },
          { key: 'danJia', type: 16, label: L('单价', 'Unit price', '單價'), precision: 2 },
          { key: 'jinE', type: 16, label: L('金额', 'Amount', '金額'), precision: 2, readonly: true },
        ],
      },
      { key: 'heJi', type: 16, label: L('合计', 'Total'), precision: 2, readonly: true },
    ],
    rules: [
      {
        id: 'r1',
        when: { '>': [{ var: 'jinE' }, 50000] },
        then: [{ action: 'require', target: 'fuJian' }],
        otherwise: [{ action: 'optional', target: 'fuJian' }],
      },
    ],
    formulas: [
      { id: 'f1', target: 'mingXi.jinE', expression: { dMul: [{ var: 'shuLiang' }, { var: 'danJia' }] }, precision: 2 },
      { id: 'f2', target: 'heJi', expression: { colSum: ['mingXi', 'jinE'] } },
    ],
    permissions: { modes: { '2': { jinE: 'readonly' } }, nodes: { approve1: { 'mingXi.danJia': 'editable' } } },
    list: {
      columns: [{ key: 'number' }, { key: 'huoDongMingCheng' }, { key: 'jinE' }, { key: 'shenPiZhuangTai' }],
      filters: [{ key: 'huoDongMingCheng', op: 'like' }],
      defaultSort: { key: 'rowCreateDate', order: 'desc' },
      pageSize: 20,
    },
  };
}

/** A record that the sample definition accepts in mode 0. */
export function sampleRecord(): Record<string, unknown> {
  return {
    huoDongMingCheng: '春节堆头陈列',
    beiZhu: '华东区 KA 门店',
    bianHao: 'HD-20260101-0001',
    leiXing: 'A',
    shuLiang: 12,
    jinE: '12345.60',
    riQi: '2026-02-28',
    qiJian: ['2026-01-15', '2026-02-15'],
    shiJian: '2026-01-15 09:30',
    jingXiaoShang: { id: '1000000000000000001', name: '上海华联商贸有限公司' },
    wangDian: [{ id: '2000000000000000001', name: '联华超市（南京东路店）' }],
    fuJian: [{ id: 'f1', name: '陈列照片.jpg', size: 20480, type: 'image/jpeg' }],
    jieTi: [
      { from: '0', to: '100000', value: '0.01' },
      { from: '100000', to: null, value: '0.02' },
    ],
    weiZhi: { lng: 121.4737, lat: 31.2304, address: '上海市黄浦区' },
    ziDingYi: { any: ['thing'] },
    mingXi: [
      { _id: 'r1', chanPin: { id: '3000000000000000001', name: '清风' }, shuLiang: 10, danJia: '12.50', jinE: '125.00' },
      { _id: 'r2', shuLiang: 2, danJia: '3', jinE: '6' },
    ],
    heJi: '131.00',
  };
}
