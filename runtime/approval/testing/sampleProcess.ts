// A sample two-level expense process with an amount condition (above 10,000 a regional director
// also approves) and a cc node, for stories and tests of the approval screens.
import type { ProcessDefinition } from '../../../schemas/process/model';

export const SAMPLE_PROCESS: ProcessDefinition = {
  schemaVersion: 3,
  code: 'feiYongShenQingLiuCheng',
  name: { 'zh-CN': '费用申请审批', 'en-US': 'Expense application approval', 'zh-TW': '費用申請審批' },
  version: 2,
  formCode: 'feiYongShenQing',
  nodes: [
    { id: 'start', type: 'start', name: { 'zh-CN': '提交申请', 'en-US': 'Submit', 'zh-TW': '提交申請' } },
    {
      id: 'leader',
      type: 'approve',
      name: { 'zh-CN': '部门负责人审批', 'en-US': 'Department leader', 'zh-TW': '部門負責人審批' },
      assignee: { kind: 'deptLeader' },
      returnRule: { targets: ['applicant', 'previous'], resubmit: 'returningNode' },
      actions: ['transfer', 'delegate', 'addSign'],
    },
    { id: 'amount', type: 'condition', name: { 'zh-CN': '金额判断', 'en-US': 'Amount check', 'zh-TW': '金額判斷' } },
    {
      id: 'director',
      type: 'approve',
      name: { 'zh-CN': '区域总监审批', 'en-US': 'Regional director', 'zh-TW': '區域總監審批' },
      assignee: { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { quYu: 'main.quYu' }, column: 'quYuZongJian' },
      commentRequired: true,
      signatureRequired: true,
      returnRule: { targets: ['applicant', 'any'] },
    },
    {
      id: 'finance',
      type: 'cc',
      name: { 'zh-CN': '抄送财务', 'en-US': 'Copy finance', 'zh-TW': '抄送財務' },
      assignee: { kind: 'roles', roleCodes: ['caiWu'] },
    },
    { id: 'end', type: 'end', name: { 'zh-CN': '结束', 'en-US': 'End', 'zh-TW': '結束' } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'leader' },
    { id: 'e2', source: 'leader', target: 'amount' },
    { id: 'e3', source: 'amount', target: 'director', condition: { '>': [{ var: 'main.jinE' }, 10000] }, priority: 1, label: '> 10,000' },
    { id: 'e4', source: 'amount', target: 'finance', priority: 2 },
    { id: 'e5', source: 'director', target: 'finance' },
    { id: 'e6', source: 'finance', target: 'end' },
  ],
};
