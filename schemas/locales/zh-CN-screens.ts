// zh-CN's namespaces of the designer, process and approval screens and the server's messages:
// not on the login page; loaded before the first screen that needs them (schemas/locales/index.ts
// loadLocale('zh-CN')).
import type { ScreensBundle } from './index';
import designerMessages from './designer/zh-CN.json';
import serverMessages from './server/zh-CN.json';
import processMessages from './process/zh-CN.json';
import approvalMessages from './approval/zh-CN.json';

const bundle: ScreensBundle = {
  designer: designerMessages,
  server: serverMessages,
  process: processMessages,
  approval: approvalMessages,
};
export default bundle;
