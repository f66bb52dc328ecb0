// The bundle budget: the login route loads no designer, grid (ag-grid) or chart code. The test
// builds the client with Vite (manifest on), follows the manifest from the entry and the login
// page's chunk through their static imports, and checks the modules of every chunk it reaches.
// It prints the gzipped size of the login route's JavaScript.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, '.test-out', 'dist-budget');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Code the login route must not load. */
// Module ids are made relative to the project root ('designer/form/Canvas.tsx',
// 'node_modules/ag-grid-community/…'); the designer's translation texts (schemas/locales) are
// data every page's i18n bundles, not designer code.
export const FORBIDDEN: { what: string; test: RegExp }[] = [
  { what: 'designer', test: /^designer\/|node_modules\/(@dnd-kit|@xyflow)\// },
  { what: 'grid', test: /^runtime\/list\/|node_modules\/ag-grid/ },
  { what: 'chart', test: /node_modules\/(echarts|zrender|recharts|chart\.js|@antv)\/|^src\/.*[cC]harts?\// },
];

/** The login route's JavaScript, gzipped, stays under this. */
export const LOGIN_ROUTE_MAX_GZIP_BYTES = 480 * 1024;

/** The chunks a page needs at once: the entry's and the page's, with their static imports. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return [...seen];
}

let manifest: Manifest;
const modulesOf = new Map<string, string[]>();

/** Records which source modules went into which output file. */
function recordModules(): Plugin {
  return {
    name: 'formwork-record-modules',
    generateBundle(_options, bundle) {
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type === 'chunk')
          modulesOf.set(
            file,
            (out.moduleIds ?? Object.keys(out.modules ?? {})).map((m) => path.relative(root, m.replace(/^\0/, '')).split(path.sep).join('/')),
          );
      }
    },
  };
}

beforeAll(async () => {
  // Vitest runs with NODE_ENV=test, which would make Vite emit React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      mode: 'production',
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      plugins: [recordModules()],
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}, 240_000);

describe('bundle budget', () => {
  it('the closure follows static imports only', () => {
    const m: Manifest = {
      a: { file: 'a.js', imports: ['b'], dynamicImports: ['d'] },
      b: { file: 'b.js', imports: ['c'] },
      c: { file: 'c.js' },
      d: { file: 'd.js' },
    };
    expect(staticClosure(m, ['a']).sort()).toEqual(['a', 'b', 'c']);
  });

  it('the login route loads no designer, grid or chart code', () => {
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
    const login = Object.keys(manifest).find((k) => manifest[k].src === 'src/pages/LoginPage.tsx');
    expect(entry).toBeDefined();
    expect(login).toBeDefined();
    const keys = staticClosure(manifest, [entry!, login!]);
    const files = keys.map((k) => manifest[k].file);
    const offenders: string[] = [];
    for (const f of files) {
      const mods = modulesOf.get(f);
      expect(mods, `modules of ${f}`).toBeDefined();
      for (const m of mods!) for (const rule of FORBIDDEN) if (rule.test.test(m)) offenders.push(`${rule.what}: ${m} (${f})`);
    }
    expect(offenders).toEqual([]);

    const sizes = files.map((f) => {
      const buf = readFileSync(path.join(outDir, f));
      return { f, raw: buf.length, gz: gzipSync(buf, { level: 9 }).length };
    });
    const raw = sizes.reduce((a, s) => a + s.raw, 0);
    const gz = sizes.reduce((a, s) => a + s.gz, 0);
    console.log(`[bundle budget] login route: ${files.length} JS chunks, ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzipped`);
    for (const s of sizes.sort((a, b) => b.gz - a.gz).slice(0, 8)) console.log(`  ${s.f}  ${(s.gz / 1024).toFixed(1)} KiB gz`);
    // a ceiling that catches a heavy library slipping into the first page
    expect(gz).toBeLessThan(LOGIN_ROUTE_MAX_GZIP_BYTES);
  });

  it('the check sees forbidden code where it is (the form builder route bundles the designer)', () => {
    const builder = Object.keys(manifest).find((k) => manifest[k].src === 'src/pages/FormBuilderPage.tsx');
    expect(builder).toBeDefined();
    const reachable = new Set<string>();
    const visit = (k: string) => {
      if (reachable.has(k) || !manifest[k]) return;
      reachable.add(k);
      for (const i of [...(manifest[k].imports ?? []), ...(manifest[k].dynamicImports ?? [])]) visit(i);
    };
    visit(builder!);
    const mods = [...reachable].flatMap((k) => modulesOf.get(manifest[k].file) ?? []);
    expect(mods.some((m) => FORBIDDEN[0].test.test(m))).toBe(true);
  });
});
