import type { Meta, StoryObj } from '@storybook/react-vite';
import { FIXTURE_FILES } from '../testing/fixtures';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';

const meta = {
  title: 'Field types/21 附件 Attachment',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.ATTACHMENT,
    value: FIXTURE_FILES,
    label: '陈列协议',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请上传陈列协议' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
/** Only PDF files up to 1 MB, at most 3. */
export const Limits: Story = { args: { field: { file: { maxSizeMb: 1, accept: ['.pdf', 'application/pdf'], maxCount: 3 } }, value: undefined } };
