// The client's chunk plan (issue 16: Lighthouse on a generated form page). Left to itself the
// bundler splits the code by which lazily loaded pages share each module: a generated form page
// then fetches ~90 files, and over HTTP/1.1 (six connections a host) each costs a round trip; on a
// slow phone network the round trips, more than the bytes, hold back the first paint.
//
// The plan puts what loads together into one file, by stage of a page's load:
//   boot   what src/boot.tsx needs (the sign-in pages' app: React, the router, i18n, the client)
//   frame  antd's providers and the employee frame (src/AntdProviders.tsx, src/layout/EmployeeFrame.tsx)
//   pages  the generated pages (src/pages/EnginePage.tsx)
//   frame-parts  what a phone's frame shows later (src/layout/FrameParts.tsx: menu, drawer, Select)
//   form   the form engine (runtime/form/DefinitionForm.tsx: the engine, validator and widgets)
//   route-pages  the route table's pages (src/pages/GenericRoutePage.tsx: the approval panels)
// A stage is what its roots load at once (their chunks and those chunks' static imports, in the
// bundler's own split) less what an earlier stage holds: a stage never needs a later one, the
// sign-in pages load `boot` only, and no module moves to a page that did not load it before except
// beside modules it did (a page that used one frame module now gets the whole frame file). The rest
// (the designer, the lists, other pages, heavy widgets) keeps the bundler's automatic split.
//
// The split is read from a first build (the bundler's automatic split, not written): module imports
// alone would over-reach, since `import { Button } from 'antd'` imports antd's index, which imports
// every component, while the build keeps only what is used.
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, UserConfig } from 'vite';

export interface Stage {
  name: string;
  /** repository paths of the modules whose chunks (with their static imports) make the stage */
  roots: string[];
}

export const STAGES: Stage[] = [
  { name: 'boot', roots: ['src/boot.tsx', 'src/pages/LoginPage.tsx', 'src/pages/DealerLoginPage.tsx'] },
  { name: 'frame', roots: ['src/AntdProviders.tsx', 'src/layout/EmployeeFrame.tsx'] },
  { name: 'pages', roots: ['src/pages/EnginePage.tsx'] },
  // the frames' parts a phone shows later (the menu in its drawer, the breadcrumbs, the Select)
  { name: 'frame-parts', roots: ['src/layout/FrameParts.tsx'] },
  { name: 'form', roots: ['runtime/form/DefinitionForm.tsx'] },
  // the route table's business pages (费用申请 …): their approval and document-chain panels
  { name: 'route-pages', roots: ['src/pages/GenericRoutePage.tsx'] },
];

/** The part of an output chunk the plan reads. */
export interface PlanChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
}

/**
 * Which stage each module goes to: for each stage in order, the chunks of its roots and their static
 * imports, less what the entry loads and what an earlier stage took. Throws when a root is in no chunk.
 */
export function planStages(stages: Stage[], chunks: PlanChunk[], resolveRoot: (p: string) => string): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: PlanChunk[]) => {
    const seen = new Map<string, PlanChunk>();
    const todo = [...start];
    while (todo.length) {
      const c = todo.pop()!;
      if (seen.has(c.fileName)) continue;
      seen.set(c.fileName, c);
      for (const f of c.imports) {
        const next = byFile.get(f);
        if (next) todo.push(next);
      }
    }
    return [...seen.values()];
  };
  // what the entry loads stays where it is (the entry must stay small: a prerendered sign-in page
  // paints before the app's scripts are fetched, and Vite's preload helper would drag a stage in)
  const entry = new Set(closure(chunks.filter((c) => c.isEntry)).flatMap((c) => c.moduleIds));
  const stageOf = new Map<string, string>();
  for (const stage of stages) {
    const roots = stage.roots.map((r) => {
      const id = resolveRoot(r);
      const c = chunks.find((x) => x.facadeModuleId === id) ?? chunks.find((x) => x.moduleIds.includes(id));
      if (!c) throw new Error(`chunk plan: ${r} is in no chunk`);
      return c;
    });
    for (const c of closure(roots)) for (const id of c.moduleIds) if (!entry.has(id) && !stageOf.has(id)) stageOf.set(id, stage.name);
  }
  return stageOf;
}

// the first build loads this file again (Vite bundles the config anew): the flag is global
const PLANNING = Symbol.for('formwork.chunkPlan.planning');
const flags = globalThis as unknown as Record<symbol, boolean | undefined>;

/**
 * The Vite plugin: in a client build, builds once without the plan (not written), plans from its
 * chunks, and sets `output.codeSplitting` to one group per stage (an earlier stage first).
 */
export function chunkPlan(root: string, stages: Stage[] = STAGES): Plugin {
  return {
    name: 'formwork-chunk-plan',
    apply: 'build',
    async config(config, env): Promise<UserConfig | undefined> {
      // (Storybook's build leaves this plugin out: .storybook/main.ts)
      if (flags[PLANNING] || env.isSsrBuild || config.build?.ssr) return undefined;
      const { build } = await import('vite');
      flags[PLANNING] = true;
      let output: unknown;
      try {
        output = await build({
          root,
          configFile: path.join(root, 'vite.config.ts'),
          mode: env.mode,
          logLevel: 'silent',
          build: { write: false, manifest: false, sourcemap: false, minify: false, reportCompressedSize: false },
        });
      } finally {
        flags[PLANNING] = false;
      }
      const outputs = (Array.isArray(output) ? output : [output]) as { output: { type: string }[] }[];
      const chunks = outputs.flatMap((o) => o.output).filter((o): o is PlanChunk & { type: 'chunk' } => o.type === 'chunk');
      const stageOf = planStages(stages, chunks, (p) => path.resolve(root, p));
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // a stage holds its dependencies already, but for what the entry loads (Vite's preload
                // helper, which every module with a dynamic import imports): that stays in the entry
                includeDependenciesRecursively: false,
                groups: stages.map((s, i) => ({
                  name: s.name,
                  priority: (stages.length - i) * 10,
                  test: (id: string) => stageOf.get(id) === s.name,
                })),
              },
            },
          },
        },
      };
    },
  };
}

/** The attribute that marks the app's preloads in index.html (the sign-in pages' HTML drops them). */
export const APP_PRELOAD_ATTR = 'data-app-preload';

/**
 * index.html preloads the stages every page after the sign-in needs (`boot`, `frame`): their
 * requests start as the HTML is parsed, beside the entry's, instead of one after the other (entry →
 * boot → frame: two round trips more before a page's first paint on a slow network). The prerendered
 * sign-in pages (scripts/build-client.mjs) leave them out: they paint before any script is fetched.
 */
export function preloadStages(stages: string[] = ['boot', 'frame']): Plugin {
  let base = '/';
  return {
    name: 'formwork-preload-stages',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const tags: HtmlTagDescriptor[] = [];
        for (const name of stages) {
          const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.name === name && !c.isEntry);
          if (chunk)
            tags.push({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}`, [APP_PRELOAD_ATTR]: true },
              injectTo: 'head',
            });
        }
        return tags;
      },
    },
  };
}
