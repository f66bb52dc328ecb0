import type { Meta, StoryObj } from '@storybook/react-vite';
import { SAMPLE_TILE } from '../testing/tiles';
import { TC } from '../../schemas';
import { WidgetStory, widgetArgTypes } from '../testing/WidgetStory';

const meta = {
  title: 'Component types/91 地图 Map',
  component: WidgetStory,
  argTypes: widgetArgTypes,
  args: {
    code: TC.MAP,
    value: { lng: 121.473701, lat: 31.230416, address: '上海市黄浦区人民大道200号' },
    label: '门店位置',
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Editing a filled-in value. */
export const Edit: Story = {};
/** Read-only: the View of view and approve modes, formatted as the spec says. */
export const ReadOnly: Story = { args: { view: true } };
/** Required, with the error a host passes after validation. */
export const RequiredWithError: Story = { args: { required: true, value: undefined, error: '请选择门店位置' } };
/** Empty. */
export const Empty: Story = { args: { value: undefined } };
/** With a tile URL the Leaflet map is shown (here one offline sample tile). */
export const WithTiles: Story = { args: { services: { mapTileUrl: SAMPLE_TILE } } };
