import type { Meta, StoryObj } from '@storybook/react-vite';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';

const meta = {
  title: 'Field types/2 下拉框 Dropdown',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.SELECT,
    value: '2',
    label: '费用类型',
    field: {
      options: [
        { value: '1', label: { 'zh-CN': '陈列费', 'en-US': 'Display fee', 'zh-TW': '陳列費' } },
        { value: '2', label: { 'zh-CN': '促销费', 'en-US': 'Promotion fee', 'zh-TW': '促銷費' } },
        { value: '3', label: { 'zh-CN': '进场费', 'en-US': 'Listing fee', 'zh-TW': '進場費' } },
      ],
    },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请选择费用类型' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
