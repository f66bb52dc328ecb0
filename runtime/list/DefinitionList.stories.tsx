// The generic list of a form (issue 17: "the form, a detail table and a list at 360 px beside the
// desktop width"): rows as the grid at the desktop width and as cards at the phone's (the
// `phone360` viewport of .storybook/preview.tsx), an empty list, a loading list, and at 360 px the
// filter drawer opened by its 筛选 button. tests/e2e/storybook-phone.spec.ts opens the phone
// stories of the built Storybook at 360 × 740 and measures them.
import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ListSettings } from '../../schemas';
import { expenseDefinition } from '../engine/fixtures/expense';
import { fixtureServices } from '../../widgets/testing/fixtures';
import { useStoryLocale } from '../../widgets/testing/WidgetStory';
import { DefinitionList, type ListPage, type ListQuery } from './DefinitionList';
import type { ListRow } from './columns';

const me = { id: '1000000000000000001', name: '张伟' };

const SUBJECTS = ['11 月华东区陈列活动', '苏州门店海报印刷', '上海—杭州差旅住宿', '年终经销商大会场地', '新品试吃物料', '南京网点冰柜租赁'];
const STATUSES = ['0', '1', '2', '3', '1', '2'];

/** `n` applications of 张伟, exact decimal totals, a mix of approval states. */
function makeRows(n: number, offset = 0): ListRow[] {
  return Array.from({ length: n }, (_, i) => {
    const k = offset + i;
    return {
      id: String(1000000000000000100n + BigInt(k)),
      number: `FYSQ20261126${String(k).padStart(5, '0')}`,
      rowCreateId: me.id,
      rowCreateName: me.name,
      rowCreateDate: `2026-11-${String(1 + (k % 25)).padStart(2, '0')} 09:00:00`,
      shenPiZhuangTai: STATUSES[k % STATUSES.length],
      data: { subject: SUBJECTS[k % SUBJECTS.length], total: `${1200 + k * 37}.50` },
    };
  });
}

const SETTINGS: ListSettings = {
  columns: [
    { key: 'number' },
    { key: 'subject' },
    { key: 'shenPiZhuangTai' },
    { key: 'total' },
    { key: 'rowCreateId' },
    { key: 'rowCreateDate', sortable: true },
  ],
  filters: [
    { key: 'subject', op: 'like' },
    { key: 'shenPiZhuangTai', op: 'eq' },
  ],
};

type Fill = 'rows' | 'empty' | 'loading';

function pager(fill: Fill, total: number): (q: ListQuery) => Promise<ListPage> {
  if (fill === 'loading') return () => new Promise<ListPage>(() => {});
  const n = fill === 'empty' ? 0 : total;
  return async (q) => {
    await new Promise((r) => setTimeout(r, 150));
    const from = (q.page - 1) * q.limit;
    return { pageSize: q.limit, currentPage: q.page, totalRecord: n, rows: makeRows(Math.max(0, Math.min(q.limit, n - from)), from) };
  };
}

function ListStory({ fill, total }: { fill: Fill; total: number }) {
  const locale = useStoryLocale();
  const definition = useMemo(expenseDefinition, []);
  const services = useMemo(() => fixtureServices({ latencyMs: 150 }), []);
  const fetchPage = useMemo(() => pager(fill, total), [fill, total]);
  return (
    <DefinitionList
      key={locale}
      definition={definition}
      settings={SETTINGS}
      fetchPage={fetchPage}
      user={me}
      locale={locale}
      services={services}
      actions={['view', 'modify', 'delete']}
      onRowAction={() => {}}
    />
  );
}

const meta = {
  title: 'Runtime/Generic list',
  component: ListStory,
  args: { fill: 'rows', total: 23 },
  argTypes: { fill: { control: 'inline-radio', options: ['rows', 'empty', 'loading'] } },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ListStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A phone's width (issue 17): the `phone360` viewport of .storybook/preview.tsx. */
const phone = { globals: { viewport: { value: 'phone360', isRotated: false } } };

/** 23 applications: the grid, the filter bar, the pager. */
export const Rows: Story = {};
/** The same at 360 px: a card per row (number, status tag, the first columns, the row's actions), the 筛选 button, the thumb pager. */
export const RowsPhone360: Story = { ...phone };
/** No application yet. */
export const Empty: Story = { args: { fill: 'empty' } };
/** No application at 360 px: the empty state in place of the cards. */
export const EmptyPhone360: Story = { ...phone, args: { fill: 'empty' } };
/** The first page still loading. */
export const Loading: Story = { args: { fill: 'loading' } };
/** Loading at 360 px. */
export const LoadingPhone360: Story = { ...phone, args: { fill: 'loading' } };
/** At 360 px with the filter drawer open (the play function taps 筛选). */
export const FilterDrawerPhone360: Story = {
  ...phone,
  play: async ({ canvasElement }) => {
    const open = await waitFor(canvasElement, '[data-testid="list-filter-open"]');
    open.click();
    await waitFor(document.body, '[data-testid="list-filter-drawer"]');
  },
};

/** the element of `selector` under `root` once it is there (5 s at most) */
async function waitFor(root: HTMLElement, selector: string): Promise<HTMLElement> {
  for (let i = 0; i < 100; i++) {
    const el = root.querySelector<HTMLElement>(selector);
    if (el) return el;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${selector} did not appear`);
}
