import type { Meta, StoryObj } from '@storybook/react-vite';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';

const meta = {
  title: 'Field types/16 小数 Decimal',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.DECIMAL,
    value: '1285000.5',
    label: '申请金额',
    field: { precision: 2, money: true },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请填写申请金额' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
/** Four places, no amount formatting (a unit price). */
export const FourPlaces: Story = { args: { field: { precision: 4, money: false }, value: '12.3456' } };
