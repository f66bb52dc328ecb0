import type { Meta, StoryObj } from '@storybook/react-vite';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';

const meta = {
  title: 'Field types/19 单选框 Radio',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.RADIO,
    value: '1',
    label: '是否含税',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请选择是否含税' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
