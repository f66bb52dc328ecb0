import type { Meta, StoryObj } from '@storybook/react-vite';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';

const meta = {
  title: 'Field types/0 单行文本 Single-line text',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.TEXT,
    value: '2026年11月华东大区端架陈列活动',
    label: '活动主题',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请填写活动主题' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
