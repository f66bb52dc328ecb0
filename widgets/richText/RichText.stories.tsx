import type { Meta, StoryObj } from '@storybook/react-vite';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';

const meta = {
  title: 'Field types/65 富文本 Rich text',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.RICH_TEXT,
    value: '<p>本次<strong>陈列活动</strong>覆盖华东区 <em>32</em> 家门店：</p><ul><li>端架陈列</li><li>堆头</li></ul>',
    label: '活动方案',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请填写活动方案' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
