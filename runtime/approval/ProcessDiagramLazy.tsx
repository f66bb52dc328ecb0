// The diagram loaded when it first shows: @xyflow/react and d3 stay out of the form pages that
// carry an approval record until the record renders (issue 16 bundle budget).
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import type { ProcessDiagramProps } from './ProcessDiagram';

const Diagram = lazy(() => import('./ProcessDiagram').then((m) => ({ default: m.ProcessDiagram })));

export function ProcessDiagramLazy(props: ProcessDiagramProps) {
  return (
    <Suspense
      fallback={
        <div data-testid="process-diagram-loading" style={{ height: props.height ?? 420, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Spin />
        </div>
      }
    >
      <Diagram {...props} />
    </Suspense>
  );
}
