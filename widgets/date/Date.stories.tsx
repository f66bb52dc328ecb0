import type { Meta, StoryObj } from '@storybook/react-vite';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';

const meta = {
  title: 'Field types/80 日期 Date',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.DATE,
    value: '2026-11-01',
    label: '活动日期',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请选择活动日期' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
/** A range: the view shows the Chinese separator and the inclusive day count. */
export const Range: Story = { args: { field: { range: true }, value: ['2026-11-01', '2026-11-03'] } };
/** A range in view mode. */
export const RangeView: Story = { args: { field: { range: true }, value: ['2026-11-01', '2026-11-03'], view: true } };
/** With time: `YYYY-MM-DD HH:mm` (spec §9 form format). */
export const WithTime: Story = { args: { field: { withTime: true }, value: '2026-11-01 09:30' } };
