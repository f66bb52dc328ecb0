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

  it('plain-logic layers may not import React', async () => {
    const messages = await lint('runtime/engine/x.ts', "import { useState } from 'react';\nexport const b = useState;\n");
    expect(messages.join('\n')).toContain("'runtime/engine' is plain TypeScript and may not import 'react'");
  });
});
