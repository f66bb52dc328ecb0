import { describe, expect, it } from 'vitest';
import { CATALOG_BY_CODE, FORM_MODES } from '../../schemas';
import { expenseDefinition } from '../engine/fixtures/expense';
import { cellText, listColumns, type ListRow } from './columns';
import { buildExportTable, escapeExcelCell, exportTableToXlsx } from './excel';
import { modeOfAction, ownsRow, rowActions } from './rowActions';
import { toFilters } from './filters';

const def = expenseDefinition();
const row: ListRow = {
  id: '1000000000000000100',
  number: 'FW202611220001',
  rowCreateId: '1000000000000000001',
  rowCreateName: '张三',
  rowCreateDate: '2026-11-22T01:02:03',
  shenPiZhuangTai: '1',
  data: { subject: '=HYPERLINK("http://x")', total: '1234567.5', category: 'event' },
  rowClick: 0,
};

describe('list columns and cells', () => {
  it('labels from the settings, the fields and the system fields', () => {
    const cols = listColumns(def, def.list!, 'zh-CN');
    expect(cols.map((c) => c.label)).toEqual(['单据编号', '申请事由', '合计金额', '创建日期']);
    expect(cols.find((c) => c.key === 'total')?.numeric).toBe(true);
  });
  it('amounts with two decimals and separators, dates as spec §9, options and status by name', () => {
    const cols = listColumns(
      def,
      { columns: [{ key: 'total' }, { key: 'rowCreateDate' }, { key: 'category' }, { key: 'shenPiZhuangTai' }, { key: 'rowCreateId' }] },
      'zh-CN',
    );
    expect(cols.map((c) => cellText(row, c, 'zh-CN'))).toEqual(['1,234,567.50', '2026-11-22 01:02:03', '活动', '审批中', '张三']);
  });
});

describe('seeded list settings', () => {
  it('feiYongShenQing columns read the row extras and the data', () => {
    const d = CATALOG_BY_CODE.get('feiYongShenQing')!;
    const cols = listColumns(d, d.list!, 'zh-CN');
    const creator = cols.find((c) => c.key === 'rowCreateName')!;
    expect(creator.label).toBe('申请人');
    expect(cellText(row, creator, 'zh-CN')).toBe('张三');
    const amount = cols.find((c) => c.key === 'shenQingJinE')!;
    expect(cellText({ ...row, data: { shenQingJinE: '50000' } }, amount, 'zh-CN')).toBe('50,000.00');
    expect(cols.find((c) => c.key === 'jingXiaoShang')!.label).toBeTruthy();
    expect(
      cellText(
        { ...row, data: { jingXiaoShang: { id: '1', name: '华东经销商' } } },
        cols.find((c) => c.key === 'jingXiaoShang')!,
        'zh-CN',
      ),
    ).toBe('华东经销商');
  });
});

describe('Excel export', () => {
  it('escapes cells that begin with = + - @', () => {
    expect(escapeExcelCell('=1+1')).toBe("'=1+1");
    expect(escapeExcelCell('+86 138')).toBe("'+86 138");
    expect(escapeExcelCell('-2')).toBe("'-2");
    expect(escapeExcelCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeExcelCell('拜访 = 好')).toBe('拜访 = 好');
  });
  it('builds the table of the current columns: text escaped, amounts as numbers', async () => {
    const cols = listColumns(def, def.list!, 'zh-CN');
    const table = buildExportTable(cols, [row, { ...row, id: '2', data: { total: '-5.00', subject: '@me' } }], 'zh-CN');
    expect(table.header).toEqual(['单据编号', '申请事由', '合计金额', '创建日期']);
    expect(table.rows[0]).toEqual(['FW202611220001', '\'=HYPERLINK("http://x")', 1234567.5, '2026-11-22 01:02:03']);
    expect(table.rows[1][1]).toBe("'@me");
    expect(table.rows[1][2]).toBe(-5);
    expect(table.numFmts[2]).toBe('#,##0.00');
    const bytes = await exportTableToXlsx(table, '费用申请');
    // an xlsx is a zip
    expect(bytes[0]).toBe(0x50);
    expect(bytes[1]).toBe(0x4b);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getCell('B2').value).toBe('\'=HYPERLINK("http://x")');
    expect(ws.getCell('B2').formula).toBeUndefined();
    expect(ws.getCell('C2').value).toBe(1234567.5);
  });
});

describe('row actions', () => {
  const me = { id: '1000000000000000001' };
  it('owner: creator or handover person; admin all', () => {
    expect(ownsRow(row, me)).toBe(true);
    expect(ownsRow(row, { id: '9' })).toBe(false);
    expect(ownsRow(row, { id: '9', handoverIds: '7,1000000000000000001' })).toBe(true);
    expect(ownsRow(row, { id: '9', isAdmin: true })).toBe(true);
  });
  it('modify/delete only on own records not in approval; view always', () => {
    expect(rowActions(row, me)).toEqual(['view']);
    const draft = { ...row, shenPiZhuangTai: '0' };
    expect(rowActions(draft, me)).toEqual(['view', 'modify', 'delete']);
    expect(rowActions(draft, { id: '9' })).toEqual(['view']);
    expect(rowActions({ ...row, shenPiZhuangTai: null }, me, ['view', 'modify'])).toEqual(['view', 'modify']);
  });
  it('a returned record is modified in mode 4', () => {
    expect(modeOfAction('modify', { ...row, shenPiZhuangTai: '3' })).toBe(FORM_MODES.MODIFY_ON_RETURN);
    expect(modeOfAction('modify', { ...row, shenPiZhuangTai: '0' })).toBe(FORM_MODES.MODIFY);
    expect(modeOfAction('view', row)).toBe(FORM_MODES.VIEW);
  });
  it('filters send picked values by id and whole days for date ranges', () => {
    const settings = {
      columns: [],
      filters: [
        { key: 'dealer', op: 'eq' as const },
        { key: 'rowCreateDate', op: 'range' as const },
        { key: 'shenPiZhuangTai', op: 'in' as const },
      ],
    };
    expect(toFilters(settings, { dealer: { id: '42', name: '华东' }, rowCreateDate: ['2026-11-01', '2026-11-03'], shenPiZhuangTai: ['0', '1'] })).toEqual([
      { key: 'dealer', op: 'eq', value: '42' },
      { key: 'rowCreateDate', op: 'range', value: ['2026-11-01 00:00:00', '2026-11-03 23:59:59'] },
      { key: 'shenPiZhuangTai', op: 'in', value: ['0', '1'] },
    ]);
  });
  it('filters leave empty values out', () => {
    expect(
      toFilters(
        {
          columns: [],
          filters: [
            { key: 'subject', op: 'like' },
            { key: 'category', op: 'in' },
            { key: 'rowCreateDate', op: 'range' },
          ],
        },
        { subject: '拜访', category: [], rowCreateDate: ['', ''] },
      ),
    ).toEqual([{ key: 'subject', op: 'like', value: '拜访' }]);
  });
});
