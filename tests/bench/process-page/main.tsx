// The page `npm run bench:process` loads: ?n=<nodes> mounts the process designer's canvas
// (ProcessCanvas over a ProcessDesignerStore, inside a ReactFlowProvider, as the designer page
// does) on a generated definition of n nodes. window.__processBench: t0 (before the first render), and
// `mounted` — the first animation frame in which React Flow shows the fitted viewport with every
// node it renders laid out (its nodes visible, their number settled: with more than
// VISIBLE_ONLY_ABOVE nodes only those in view are rendered).
import { createRoot } from 'react-dom/client';
import { App } from 'antd';
import { ReactFlowProvider } from '@xyflow/react';
import { ProcessCanvas } from '../../../designer/process/Canvas';
import { ProcessDesignerStore } from '../../../designer/core/process/store';
import { processBenchDefinition } from '../processBenchDefinitions';

declare global {
  interface Window {
    __processBench: { t0: number; mounted?: number; rendered?: number; store?: ProcessDesignerStore };
  }
}

const n = Number(new URLSearchParams(location.search).get('n') ?? 500);
const store = new ProcessDesignerStore(processBenchDefinition(n));
window.__processBench = { t0: performance.now(), store };

createRoot(document.getElementById('root')!).render(
  <App component={false}>
    <ReactFlowProvider>
      <ProcessCanvas store={store} locale="zh-CN" />
    </ReactFlowProvider>
  </App>,
);

// each frame: how many nodes React Flow shows (laid out: measured, so not visibility:hidden) and
// whether fitView placed the viewport; the mount ends at the first frame of the settled state
const INITIAL = 'translate(0px, 0px) scale(1)';
let last = -1;
let since = 0;
let stable = 0;
const poll = (t: number) => {
  const viewport = document.querySelector<HTMLElement>('.react-flow__viewport');
  const els = document.querySelectorAll<HTMLElement>('.react-flow__node');
  let shown = 0;
  for (const el of els) if (el.style.visibility !== 'hidden') shown++;
  const fitted = !!viewport && viewport.style.transform !== '' && viewport.style.transform !== INITIAL;
  const count = fitted && shown === els.length ? shown : -1;
  if (count > 0 && count === last) stable++;
  else {
    last = count;
    since = t;
    stable = 0;
  }
  // settled for 10 frames: the mount ended at the first of them
  if (stable >= 10) {
    window.__processBench.mounted = since;
    window.__processBench.rendered = last;
    return;
  }
  requestAnimationFrame(poll);
};
requestAnimationFrame(poll);
