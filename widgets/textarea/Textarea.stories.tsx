import type { Meta, StoryObj } from '@storybook/react-vite';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';

const meta = {
  title: 'Field types/1 多行文本 Multi-line text',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.TEXTAREA,
    value: '活动期间：11月1日至11月30日。\n覆盖上海、杭州、南京共32家门店，每店端架1组。',
    label: '活动说明',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请填写活动说明' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
