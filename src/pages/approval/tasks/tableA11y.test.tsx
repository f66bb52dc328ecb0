// Two accessibility fixes of the approval pages' tables (found by axe in the e2e journeys): the
// select-all checkbox stays out of antd's hidden measure row (aria-hidden-focus), and an empty
// table does not scroll sideways (scrollable-region-focusable).
import { render } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { selectionTitle } from './selectionTitle';
import { scrollWhenRows } from './tableScroll';

const rows = [
  { key: '1', name: 'a' },
  { key: '2', name: 'b' },
];
const columns = [{ title: 'Name', dataIndex: 'name' }];

function measureRowInputs(container: HTMLElement): number {
  const row = container.querySelector('.ant-table-measure-row');
  expect(row, 'a scrolling table renders a measure row').not.toBeNull();
  expect(row).toHaveAttribute('aria-hidden', 'true');
  return row!.querySelectorAll('input, button, [tabindex]').length;
}

describe('approval tables', () => {
  it('antd copies the select-all checkbox into the aria-hidden measure row; selectionTitle leaves it out there and keeps it in the header', () => {
    const plain = render(<Table dataSource={rows} columns={columns} scroll={{ x: 800 }} rowSelection={{}} />);
    expect(measureRowInputs(plain.container)).toBeGreaterThan(0);
    plain.unmount();

    const fixed = render(<Table dataSource={rows} columns={columns} scroll={{ x: 800 }} rowSelection={{ columnTitle: selectionTitle }} />);
    expect(measureRowInputs(fixed.container)).toBe(0);
    const header = fixed.container.querySelector('thead .ant-table-selection-column');
    expect(header?.querySelector('input[type="checkbox"]')).not.toBeNull();
  });

  it('scrolls sideways only while there are rows', () => {
    expect(scrollWhenRows(rows, 1000)).toEqual({ x: 1000 });
    expect(scrollWhenRows([], 1000)).toBeUndefined();
    expect(scrollWhenRows(rows, 'max-content')).toEqual({ x: 'max-content' });
  });
});
