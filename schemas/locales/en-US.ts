// Every namespace of en-US (schemas/locales/<namespace>/en-US.json) in one module, so the client loads
// a locale in one request (loadLocale in schemas/locales/index.ts).
import type { LocaleBundle } from './index';
import commonMessages from './common/en-US.json';
import schemasMessages from './schemas/en-US.json';
import widgetsMessages from './widgets/en-US.json';
import runtimeMessages from './runtime/en-US.json';
import designerMessages from './designer/en-US.json';
import appMessages from './app/en-US.json';
import serverMessages from './server/en-US.json';
import processMessages from './process/en-US.json';
import approvalMessages from './approval/en-US.json';

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
