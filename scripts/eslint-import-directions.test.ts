// The import-direction rule, run through ESLint with the project's own config: a forbidden
// import must fail lint, an allowed one must pass.
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const eslint = new ESLint({ cwd: root });

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'formwork/import-directions').map((m) => m.message);
}

describe('import directions (ARCHITECTURE.md)', () => {
  it.each([
    ['runtime/engine/x.ts', "import { a } from '../../designer/core/y';\nexport const b = a;\n", "'runtime/' may not import from 'designer/'"],
    ['runtime/form/x.ts', "import { a } from '../../src/y';\nexport const b = a;\n", "'runtime/' may not import from 'src/'"],
    ['server/modules/x.ts', "import { a } from '../../widgets/y';\nexport const b = a;\n", "'server/' may not import from 'widgets/'"],
    ['schemas/x.ts', "import { a } from '../runtime/y';\nexport const b = a;\n", "'schemas/' may not import from 'runtime/'"],
    ['widgets/x/Widget.tsx', "export { a } from '../../runtime/y';\n", "'widgets/' may not import from 'runtime/'"],
    ['designer/core/x.ts', "const m = import('../../src/y');\nexport default m;\n", "'designer/' may not import from 'src/'"],
  ])('%s: forbidden import fails', async (file, code, message) => {
    const messages = await lint(file, code);
    expect(messages.join('\n')).toContain(message);
  });

  it.each([
    ['runtime/engine/x.ts', "import { a } from '../../schemas/y';\nexport const b = a;\n"],
    ['designer/form/x.tsx', "import { a } from '../../runtime/y';\nexport const b = a;\n"],
    ['src/x.ts', "import { a } from '../designer/y';\nexport const b = a;\n"],
    ['server/x.ts', "import { a } from '../schemas';\nexport const b = a;\n"],
  ])('%s: allowed import passes', async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });

  // one level down: inner layers do not reach up, server modules meet through their faces
  it.each([
    ['runtime/engine/x.ts', "import { a } from '../form/y';\nexport const b = a;\n", "'runtime/engine/' may not import from 'runtime/form/'"],
    ['runtime/engine/sub/x.ts', "import { a } from '../../list/columns';\nexport const b = a;\n", "'runtime/engine/' may not import from 'runtime/list/'"],
    ['designer/core/x.ts', "import { a } from '../form/Canvas';\nexport const b = a;\n", "'designer/core/' may not import from 'designer/form/'"],
    ['server/plugins/x.ts', "import { a } from '../modules/auth';\nexport const b = a;\n", "'server/plugins/' may not import from 'server/modules/'"],
    ['server/lib/x.ts', "import { a } from '../modules/records/save';\nexport const b = a;\n", "'server/lib/' may not import from 'server/modules/'"],
    ['server/db/x.ts', "export { a } from '../modules/files';\n", "'server/db/' may not import from 'server/modules/'"],
    [
      'server/modules/records/x.ts',
      "import { a } from '../definitions/service';\nexport const b = a;\n",
      "server module 'records' may not import another module's insides ('server/modules/definitions/service')",
    ],
    ['server/modules/records/x.test.ts', "import { a } from '../auth/sessionRepository';\nexport const b = a;\n", "import its face '../auth' (index.ts)"],
  ])('%s: an inner layer reaching up fails', async (file, code, message) => {
    const messages = await lint(file, code);
    expect(messages.join('\n')).toContain(message);
  });

  it.each([
    ['runtime/form/x.tsx', "import { a } from '../engine/y';\nexport const b = a;\n"],
    ['designer/form/x.tsx', "import { a } from '../core/y';\nexport const b = a;\n"],
    [
      'server/modules/records/x.ts',
      "import { a } from '../definitions';\nimport { c } from '../files/index';\nimport { d } from './save';\nimport { e } from '../../lib/errors';\nexport const b = [a, c, d, e];\n",
    ],
    ['server/app.ts', "import { a } from './modules/records';\nimport { c } from './plugins/policy';\nexport const b = [a, c];\n"],
  ])('%s: a layer importing down or a face passes', async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });

  it('plain-logic layers may not import React', async () => {
    const messages = await lint('runtime/engine/x.ts', "import { useState } from 'react';\nexport const b = useState;\n");
    expect(messages.join('\n')).toContain("'runtime/engine' is plain TypeScript and may not import 'react'");
  });
});
