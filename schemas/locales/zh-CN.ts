// zh-CN's namespaces of the first page (the login pages, the root layout: app, common); the
// screens' namespaces (forms, widgets, designer, process, approval, server) are in
// ./zh-CN-screens.ts, loaded before the first screen that needs them (loadLocale in ./index.ts).
import type { FirstPageBundle } from './index';
import commonMessages from './common/zh-CN.json';
import appMessages from './app/zh-CN.json';

const bundle: FirstPageBundle = {
  common: commonMessages,
  app: appMessages,
};
export default bundle;
