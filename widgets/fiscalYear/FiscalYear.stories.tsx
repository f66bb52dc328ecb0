import type { Meta, StoryObj } from '@storybook/react-vite';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';
import { fixtureValue } from '../testing/fixtures';

const meta = {
  title: 'Field types/51 财年 Fiscal year',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.FISCAL_YEAR,
    value: fixtureValue('caiwunian-all', 2),
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请选择财年' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
/** Several values at once (dataSource.multiple). */
export const Multiple: Story = {
  args: { field: { dataSource: { multiple: true } }, value: [fixtureValue('caiwunian-all', 0), fixtureValue('caiwunian-all', 1)] },
};
/** Without a data source: the picker says so instead of failing. */
export const NoDataSource: Story = { args: { services: {} } };
