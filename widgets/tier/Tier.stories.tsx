import type { Meta, StoryObj } from '@storybook/react-vite';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';

const meta = {
  title: 'Field types/84 阶梯 Tier',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.TIER,
    value: [
      { from: '0', to: '100000', value: '1' },
      { from: '100000', to: '500000', value: '2' },
      { from: '500000', to: null, value: '3' },
    ],
    label: '返利阶梯',
    field: { precision: 2 },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请设置返利阶梯' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
/** Overlapping and gapped tiers are flagged on their rows. */
export const GapsAndOverlaps: Story = {
  args: {
    value: [
      { from: '0', to: '100000', value: '1' },
      { from: '80000', to: '300000', value: '2' },
      { from: '400000', to: null, value: '3' },
    ],
  },
};
