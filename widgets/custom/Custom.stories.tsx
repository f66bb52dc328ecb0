import type { Meta, StoryObj } from '@storybook/react-vite';
import { EXAMPLE_CUSTOM_COMPONENTS } from './examples';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';
import { fixtureServices } from '../testing/fixtures';

const meta = {
  title: 'Field types/77 自定义组件 Custom component',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.CUSTOM,
    value: 4,
    label: '满意度',
    field: { component: 'rating' },
    services: { ...fixtureServices(), customComponents: EXAMPLE_CUSTOM_COMPONENTS },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请评分' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
/** A name nobody registered: a clear message. */
export const NotRegistered: Story = { args: { field: { component: 'not-registered' } } };
