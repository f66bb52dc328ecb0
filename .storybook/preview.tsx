import type { Preview } from '@storybook/react-vite';
import { storyAnnotations } from '../widgets/testing/storyDecorators';

// The locale toolbar switches antd's locale and the i18next language together
// (widgets/testing/storyDecorators.tsx, shared with the composed-story tests).
const preview: Preview = {
  globalTypes: storyAnnotations.globalTypes,
  initialGlobals: storyAnnotations.initialGlobals,
  parameters: {
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
  decorators: storyAnnotations.decorators as Preview['decorators'],
};
export default preview;
