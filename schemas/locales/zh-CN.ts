// Every namespace of zh-CN (schemas/locales/<namespace>/zh-CN.json) in one module, so the client loads
// a locale in one request (loadLocale in schemas/locales/index.ts).
import type { LocaleBundle } from './index';
import commonMessages from './common/zh-CN.json';
import schemasMessages from './schemas/zh-CN.json';
import widgetsMessages from './widgets/zh-CN.json';
import runtimeMessages from './runtime/zh-CN.json';
import designerMessages from './designer/zh-CN.json';
import appMessages from './app/zh-CN.json';
import serverMessages from './server/zh-CN.json';
import processMessages from './process/zh-CN.json';
import approvalMessages from './approval/zh-CN.json';

const bundle: LocaleBundle = {
  common: commonMessages,
  schemas: schemasMessages,
  widgets: widgetsMessages,
  runtime: runtimeMessages,
  designer: designerMessages,
  app: appMessages,
  server: serverMessages,
  process: processMessages,
  approval: approvalMessages,
};
export default bundle;
