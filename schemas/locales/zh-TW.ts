// Every namespace of zh-TW (schemas/locales/<namespace>/zh-TW.json) in one module, so the client loads
// a locale in one request (loadLocale in schemas/locales/index.ts).
import type { LocaleBundle } from './index';
import commonMessages from './common/zh-TW.json';
import schemasMessages from './schemas/zh-TW.json';
import widgetsMessages from './widgets/zh-TW.json';
import runtimeMessages from './runtime/zh-TW.json';
import designerMessages from './designer/zh-TW.json';
import appMessages from './app/zh-TW.json';
import serverMessages from './server/zh-TW.json';
import processMessages from './process/zh-TW.json';
import approvalMessages from './approval/zh-TW.json';

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
