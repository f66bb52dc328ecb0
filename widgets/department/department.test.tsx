import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { TC } from '../../schemas';
import { pickOption, renderField } from '../testing/render';
import { FIXTURE_DATA, fixtureSearch } from '../testing/fixtures';

describe('7 部门 department (tree)', () => {
  it('loads the roots level by level', async () => {
    const roots = await fixtureSearch({ endpoint: 'department', params: { parentId: '' }, keyword: '', page: 1, pageSize: 50 });
    expect(roots.rows.map((r) => r.name)).toEqual(['总部']);
    const r = renderField(TC.DEPARTMENT, { label: '申请部门' });
    await r.user.click(r.input());
    await waitFor(() => expect(document.querySelector('.ant-select-tree-node-content-wrapper[title="总部"]')).not.toBeNull());
  });

  it('searches the whole tree and picks a department: {id, name} out', async () => {
    const target = FIXTURE_DATA.department.find((d) => d.name === '上海销售部')!;
    const r = renderField(TC.DEPARTMENT, { label: '申请部门' });
    await pickOption(r.user, r.input(), '上海', '上海销售部');
    await waitFor(() => expect(r.value()).toEqual({ id: target.id, name: '上海销售部' }));
  });

  it('shows the name in the View', () => {
    expect(renderField(TC.DEPARTMENT, { view: true, value: { id: '1', name: '华东大区' } }).getByText('华东大区')).toBeInTheDocument();
  });
});
