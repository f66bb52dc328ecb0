// Sample document chains for the panel's story and tests: zhangwei's 12,000.00 application,
// settled at 10,500.00 (1,500.00 released), written off 6,000.00 (4,500.00 more in approval)
// and paid 4,000.00.
import type { DocumentChain } from '../../../schemas/api';

export const APP_ID = '1900000000000000001';
export const SETTLEMENT_ID = '1900000000000000002';
export const WRITE_OFF_ID = '1900000000000000003';
export const WRITE_OFF_2_ID = '1900000000000000004';
export const PAYMENT_ID = '1900000000000000005';
export const POOL_ID = '1800000000000000001';

export const FULL_CHAIN: DocumentChain = {
  application: {
    id: APP_ID,
    number: 'FYSQ202603150001',
    formCode: 'feiYongShenQing',
    status: '2',
    applied: '12000.00',
    occupied: '0.00',
    settled: '10500.00',
    released: '1500.00',
    writingOff: '4500.00',
    writtenOff: '6000.00',
    paying: '0.00',
    paid: '4000.00',
    remainingToSettle: '0.00',
    remainingToWriteOff: '0.00',
    remainingToPay: '2000.00',
  },
  documents: [
    {
      id: APP_ID,
      number: 'FYSQ202603150001',
      formCode: 'feiYongShenQing',
      kind: 'application',
      status: '2',
      amount: '12000.00',
      rowCreateDate: '2026-03-15 09:30:00',
      fromId: null,
      readable: true,
      current: false,
    },
    {
      id: SETTLEMENT_ID,
      number: 'FYJA202604020001',
      formCode: 'feiYongJieAn',
      kind: 'settlement',
      status: '2',
      amount: '10500.00',
      rowCreateDate: '2026-04-02 14:00:00',
      fromId: APP_ID,
      readable: true,
      current: true,
    },
    {
      id: WRITE_OFF_ID,
      number: 'FYHX202604100001',
      formCode: 'feiYongHeXiao',
      kind: 'writeOff',
      status: '2',
      amount: '6000.00',
      rowCreateDate: '2026-04-10 10:00:00',
      fromId: SETTLEMENT_ID,
      readable: true,
      current: false,
    },
    {
      id: WRITE_OFF_2_ID,
      number: 'FYHX202604180002',
      formCode: 'feiYongHeXiao',
      kind: 'writeOff',
      status: '1',
      amount: '4500.00',
      rowCreateDate: '2026-04-18 16:20:00',
      fromId: SETTLEMENT_ID,
      readable: false,
      current: false,
    },
    {
      id: PAYMENT_ID,
      number: 'FYZF202604200001',
      formCode: 'feiYongZhiFu',
      kind: 'payment',
      status: '2',
      amount: '4000.00',
      rowCreateDate: '2026-04-20 11:00:00',
      fromId: WRITE_OFF_ID,
      readable: true,
      current: false,
    },
  ],
  lines: [
    {
      poolId: POOL_ID,
      poolCode: 'YSC2026-HD-KA-CL',
      poolName: '2026华东大区现代渠道陈列费',
      lineId: 'row-1',
      lineNo: 1,
      lineLabel: '清泉山 · 清泉山天然水',
      occupied: '0.00',
      consumed: '10500.00',
    },
  ],
};

/** An application just submitted: its money held, nothing made from it yet. */
export const SUBMITTED_CHAIN: DocumentChain = {
  application: {
    ...FULL_CHAIN.application!,
    status: '1',
    occupied: '12000.00',
    settled: '0.00',
    released: '0.00',
    writingOff: '0.00',
    writtenOff: '0.00',
    paid: '0.00',
    remainingToSettle: '0.00',
    remainingToWriteOff: '0.00',
    remainingToPay: '0.00',
  },
  documents: [{ ...FULL_CHAIN.documents[0], status: '1', current: true }],
  lines: [{ ...FULL_CHAIN.lines[0], occupied: '12000.00', consumed: '0.00' }],
};

/** A settlement made without an application: nothing linked. */
export const LONE_CHAIN: DocumentChain = {
  application: null,
  documents: [{ ...FULL_CHAIN.documents[1], fromId: null }],
  lines: [],
};
