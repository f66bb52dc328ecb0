import { describe, expect, it } from 'vitest';
import { planStages, type PlanChunk, type Stage } from './chunkPlan';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], extra: Partial<PlanChunk> = {}): PlanChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: moduleIds[0] ?? null,
  imports,
  moduleIds,
  ...extra,
});

// the bundler's own split of a small app: the entry starts `boot`; the frame and a page share `ui`
const CHUNKS: PlanChunk[] = [
  chunk('index.js', ['main', 'preload-helper'], [], { isEntry: true }),
  chunk('boot.js', ['boot', 'react'], ['index.js', 'shared.js']),
  chunk('shared.js', ['i18n', 'client']),
  chunk('frame.js', ['frame', 'menu'], ['ui.js', 'shared.js', 'index.js']),
  chunk('ui.js', ['button', 'tabs']),
  chunk('page.js', ['page'], ['ui.js', 'form-ui.js']),
  chunk('form-ui.js', ['select']),
  chunk('form.js', ['form', 'ajv'], ['form-ui.js', 'ui.js']),
  chunk('designer.js', ['designer'], ['ui.js']),
];
const STAGES: Stage[] = [
  { name: 'boot', roots: ['boot'] },
  { name: 'frame', roots: ['frame'] },
  { name: 'pages', roots: ['page'] },
  { name: 'form', roots: ['form'] },
];

describe('chunk plan', () => {
  const plan = planStages(STAGES, CHUNKS, (p) => p);
  const of = (stage: string) =>
    [...plan]
      .filter(([, s]) => s === stage)
      .map(([id]) => id)
      .sort();

  it('a stage is its roots’ chunks and their static imports, less an earlier stage', () => {
    expect(of('boot')).toEqual(['boot', 'client', 'i18n', 'react']);
    expect(of('frame')).toEqual(['button', 'frame', 'menu', 'tabs']);
    expect(of('pages')).toEqual(['page', 'select']);
    expect(of('form')).toEqual(['ajv', 'form']);
  });

  it('what the entry loads stays in the entry (Vite’s preload helper would drag a stage into the first paint)', () => {
    expect(plan.has('main')).toBe(false);
    expect(plan.has('preload-helper')).toBe(false);
  });

  it('what no stage loads keeps the automatic split', () => {
    expect(plan.has('designer')).toBe(false);
  });

  it('a root in no chunk is an error, not a silent plan', () => {
    expect(() => planStages([{ name: 'x', roots: ['missing'] }], CHUNKS, (p) => p)).toThrow(/missing is in no chunk/);
  });

  it('a root without a chunk of its own is found in the chunk that holds it', () => {
    const p = planStages([{ name: 'x', roots: ['menu'] }], CHUNKS, (q) => q);
    expect([...p.keys()].sort()).toEqual(['button', 'client', 'frame', 'i18n', 'menu', 'tabs']);
  });
});
