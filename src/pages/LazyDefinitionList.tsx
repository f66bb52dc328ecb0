// The list of a definition, loaded when a list page first renders (issue 16 bundle budget). The
// grid (ag-grid, the app's largest library) is a further chunk the list loads only from the
// tablet width up; a phone shows cards and never downloads it (issue 17, runtime/list/ListGrid).
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
