// The list of a definition, loaded when a list page first renders: the grid (ag-grid) is the
// largest library of the app and a form page must not download it (issue 16 bundle budget).
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import type { DefinitionListProps } from '../../runtime/list/DefinitionList';

const Grid = lazy(() => import('../../runtime/list/DefinitionList').then((m) => ({ default: m.DefinitionList })));

export function DefinitionList(props: DefinitionListProps) {
  return (
    <Suspense fallback={<Spin data-testid="list-loading" style={{ display: 'block', margin: '48px auto' }} />}>
      <Grid {...props} />
    </Suspense>
  );
}
