// zh-CN's namespaces of the screens (forms and widgets, the designer, process and approval
// screens, the server's messages): not on the login page; loaded before the first screen that
// needs them (schemas/locales/index.ts loadLocale('zh-CN'), src/i18n/routeTexts.ts).
import type { ScreensBundle } from './index';
import schemasMessages from './schemas/zh-CN.json';
import widgetsMessages from './widgets/zh-CN.json';
import runtimeMessages from './runtime/zh-CN.json';
import designerMessages from './designer/zh-CN.json';
import serverMessages from './server/zh-CN.json';
import processMessages from './process/zh-CN.json';
import approvalMessages from './approval/zh-CN.json';

const bundle: ScreensBundle = {
  schemas: schemasMessages,
  widgets: widgetsMessages,
  runtime: runtimeMessages,
  designer: designerMessages,
  server: serverMessages,
  process: processMessages,
  approval: approvalMessages,
};
export default bundle;
