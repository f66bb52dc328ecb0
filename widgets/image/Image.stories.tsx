import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { FIXTURE_IMAGES, withImageUrls } from '../testing/images';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';
import { fixtureServices } from '../testing/fixtures';

function ImageStory(props: Parameters<typeof WidgetStory>[0]) {
  const services = useMemo(() => withImageUrls(fixtureServices({ latencyMs: 150, uploadStepMs: 150 })), []);
  return <WidgetStory services={services} {...props} />;
}

const meta = {
  title: 'Field types/97 图片 Image',
  component: ImageStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.IMAGE,
    value: FIXTURE_IMAGES,
    label: '陈列照片',
  },
} satisfies Meta<typeof ImageStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请上传陈列照片' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
