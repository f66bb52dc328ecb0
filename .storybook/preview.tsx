import type { Preview } from '@storybook/react-vite';
import { storyAnnotations } from '../widgets/testing/storyDecorators';
import { LOCALES } from '../schemas/constants';
import { loadLocale } from '../schemas/locales';

// The locale toolbar switches antd's locale and the i18next language together
// (widgets/testing/storyDecorators.tsx, shared with the composed-story tests).
const preview: Preview = {
  globalTypes: storyAnnotations.globalTypes,
  initialGlobals: storyAnnotations.initialGlobals,
  parameters: {
    a11y: { test: 'error' },
    controls: { expanded: true },
    // a phone's width (issue 17, below VIEWPORT.tabletMinPx): a story asks for it with
    // `globals: { viewport: { value: 'phone360', isRotated: false } }`
    viewport: { options: { phone360: { name: 'Phone 360 × 740', styles: { width: '360px', height: '740px' }, type: 'mobile' } } },
  },
  decorators: storyAnnotations.decorators as Preview['decorators'],
  // the browser build carries the login page's texts only; every story may show any namespace in any locale
  loaders: [
    async () => {
      await Promise.all(LOCALES.map((l) => loadLocale(l)));
      return {};
    },
  ],
};
export default preview;
