import type { Meta, StoryObj } from '@storybook/react-vite';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';

const meta = {
  title: 'Field types/92 编号 Number/code',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.CODE,
    value: 'XY-2026-1101-001',
    label: '协议编号',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '编号已存在' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
/** Empty in view mode: 自动生成 (spec §8). */
export const EmptyView: Story = { args: { value: undefined, view: true } };
