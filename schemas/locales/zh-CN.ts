// zh-CN's namespaces every page needs from the start (the login page, the frame, widgets, forms);
// the screens' namespaces (designer, server, process, approval) are in ./zh-CN-screens.ts, loaded
// with the first page that needs them (loadLocale in schemas/locales/index.ts).
import type { FirstPageBundle } from './index';
import commonMessages from './common/zh-CN.json';
import schemasMessages from './schemas/zh-CN.json';
import widgetsMessages from './widgets/zh-CN.json';
import runtimeMessages from './runtime/zh-CN.json';
import appMessages from './app/zh-CN.json';

const bundle: FirstPageBundle = {
  common: commonMessages,
  schemas: schemasMessages,
  widgets: widgetsMessages,
  runtime: runtimeMessages,
  app: appMessages,
};
export default bundle;
