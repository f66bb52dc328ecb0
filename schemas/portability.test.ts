// schemas/ runs in the browser as well as on the server: no Node-only module or global in
// its non-test sources.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.ts$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('schemas/ portability', () => {
  const files = sources(__dirname);
  it('finds the sources', () => {
    expect(files.map((f) => path.relative(__dirname, f))).toEqual(
      expect.arrayContaining(['compileRecordSchema.ts', 'validateDefinition.ts', 'migrations.ts', 'catalog/index.ts']),
    );
  });
  it.each(files.map((f) => [path.relative(__dirname, f), f]))('%s uses no Node-only API', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/from\s+['"](node:|fs|path|crypto|os|util|buffer|child_process)['"/]/);
    expect(text).not.toMatch(/\b(Buffer\.|process\.(env|cwd|argv|exit|platform|nextTick)|__dirname|__filename|require\()/);
  });
});
