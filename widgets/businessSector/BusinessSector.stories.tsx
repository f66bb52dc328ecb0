import type { Meta, StoryObj } from '@storybook/react-vite';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';
import { fixtureValue } from '../testing/fixtures';

const meta = {
  title: 'Field types/85 业务板块 Business sector',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.BUSINESS_SECTOR,
    value: fixtureValue('refcode', 0, { refType: 'yeWuBanKuai' }),
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请选择业务板块' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
/** Several values at once (dataSource.multiple). */
export const Multiple: Story = {
  args: {
    field: { dataSource: { multiple: true } },
    value: [fixtureValue('refcode', 0, { refType: 'yeWuBanKuai' }), fixtureValue('refcode', 1, { refType: 'yeWuBanKuai' })],
  },
};
/** Without a data source: the picker says so instead of failing. */
export const NoDataSource: Story = { args: { services: {} } };
