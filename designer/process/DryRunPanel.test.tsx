// The dry-run panel's master-data fields (issue 14): the dealer a process's regional matrix is
// keyed by is a searchable select of real records (the memory API's fake dealers), not a text box
// for a 19-digit id; the run carries the picked dealer as the form's picker stores it ({id, name})
// and the matrix names the regional director.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { N, graph } from '../../schemas/process/testing';
import { TC } from '../../schemas/typeCodes';
import type { ProcessDefinition } from '../../schemas/process/model';
import type { ProcessFormField } from './api';
import { DryRunPanel } from './DryRunPanel';
import { MEMORY_DEALERS, MemoryProcessDesignerApi } from './testing/memoryApi';

const zh = (s: string) => ({ 'zh-CN': s, 'en-US': s, 'zh-TW': s });

const FIELDS: ProcessFormField[] = [
  { path: 'shenQingJinE', key: 'shenQingJinE', label: zh('申请金额'), type: TC.DECIMAL },
  { path: 'jingXiaoShang', key: 'jingXiaoShang', label: zh('经销商'), type: TC.DEALER, dataSource: { endpoint: 'dealerConnTable' } },
  { path: 'laiYuan', key: 'laiYuan', label: zh('来源'), type: TC.SELECT, dataSource: { endpoint: 'noSuchSource' } },
];

/** start → regional director (matrix keyed by the dealer) → end; the source field read too. */
function flow(): ProcessDefinition {
  const def = graph(
    [
      N.start(),
      N.approve('quYuZongJian', { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { jingXiaoShang: 'jingXiaoShang' }, column: 'quYuZongJian' }),
      N.end(),
    ],
    [
      ['start', 'quYuZongJian'],
      ['quYuZongJian', 'end'],
    ],
  );
  return { ...def, code: 'feiYongFlow', formCode: 'feiYongShenQing' };
}

function mount() {
  const api = new MemoryProcessDesignerApi();
  api.seedForm('feiYongShenQing', zh('费用申请'), FIELDS);
  api.seed(flow());
  const dryRun = vi.spyOn(api, 'dryRun');
  const onResult = vi.fn();
  render(
    <App>
      <DryRunPanel api={api} definition={flow()} formCode="feiYongShenQing" locale="zh-CN" onResult={onResult} onClose={() => {}} processCode="feiYongFlow" />
    </App>,
  );
  return { api, dryRun, onResult, user: userEvent.setup() };
}

/** The options of the open dropdown that holds this select's listbox. */
function optionsOf(id: string): HTMLElement[] {
  const list = document.getElementById(`${id}_list`);
  const dropdown = list?.closest('.ant-select-dropdown');
  return dropdown ? [...dropdown.querySelectorAll<HTMLElement>('.ant-select-item-option')] : [];
}

describe('DryRunPanel: master-data fields', () => {
  it('offers the dealer as a search over real records and runs with the picked id', async () => {
    const { api, dryRun, onResult, user } = mount();
    const dealer = await screen.findByRole('combobox', { name: '经销商' });
    // a select, not a text box for an id
    expect(screen.getByTestId('process-dryrun-jingXiaoShang')).toHaveClass('ant-select');
    await user.click(dealer);
    await waitFor(() => expect(optionsOf('process-dryrun-jingXiaoShang').map((o) => o.textContent)).toEqual(MEMORY_DEALERS.map((d) => d.name)));
    // typing narrows by name
    await user.type(dealer, '西湖');
    await waitFor(() => expect(optionsOf('process-dryrun-jingXiaoShang').map((o) => o.textContent)).toEqual(['杭州西湖食品经销部']));
    expect(api.lookups.at(-1)).toEqual({ source: { endpoint: 'dealerConnTable' }, keyword: '西湖' });
    await user.click(optionsOf('process-dryrun-jingXiaoShang')[0]);
    expect(screen.getByTestId('process-dryrun-jingXiaoShang')).toHaveTextContent('杭州西湖食品经销部');

    await user.click(screen.getByTestId('process-dryrun-run'));
    await waitFor(() => expect(dryRun).toHaveBeenCalledTimes(1));
    const [formCode, data, , options] = dryRun.mock.calls[0];
    expect(formCode).toBe('feiYongShenQing');
    // the dealer as the form's picker stores it: the id the matrix is keyed by, and its name
    expect(data).toEqual({ jingXiaoShang: { id: '4000000000000000002', name: '杭州西湖食品经销部' } });
    expect(options).toEqual({ processCode: 'feiYongFlow' });
    expect(await screen.findByTestId('process-dryrun-approvers-quYuZongJian')).toHaveTextContent('徐强');
    expect(onResult).toHaveBeenLastCalledWith(expect.objectContaining({ end: 'approved' }));
  });

  it('says so when a source cannot be looked up, and leaves the field out of the run', async () => {
    const { dryRun, user } = mount();
    // the process reads only the dealer: the other fields are behind 显示全部字段
    await user.click(await screen.findByTestId('process-dryrun-all'));
    const source = await screen.findByRole('combobox', { name: '来源' });
    await user.click(source);
    const failed = await waitFor(() => {
      const list = document.getElementById('process-dryrun-laiYuan_list')?.closest('.ant-select-dropdown') as HTMLElement | null;
      if (!list) throw new Error('no dropdown');
      return within(list).getByRole('alert');
    });
    expect(failed).toHaveTextContent('无法加载可选记录');
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('process-dryrun-run'));
    await waitFor(() => expect(dryRun).toHaveBeenCalledTimes(1));
    expect(dryRun.mock.calls[0][1]).toEqual({});
  });
});
