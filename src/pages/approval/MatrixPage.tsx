// The approver matrices (/web/system/juZhen/juZhenList): the list, and the editor of one matrix
// by `?code=` (`?code=` empty with `?new=1`: a new one). The pages themselves are under matrix/.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { createMatrixApi, type MatrixApi } from './matrix/api';
import { MatrixEditor } from './matrix/MatrixEditor';
import { MatrixList } from './matrix/MatrixList';

export interface MatrixPageProps {
  /** the calls (a fake in tests) */
  api?: MatrixApi;
}

export function MatrixPage({ api: given }: MatrixPageProps = {}) {
  const api = useMemo(() => given ?? createMatrixApi(), [given]);
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const isNew = params.get('new') === '1';
  if (code || isNew)
    return <MatrixEditor key={code ?? 'new'} api={api} code={code} onBack={() => setParams({})} onCreated={(c) => setParams({ code: c }, { replace: true })} />;
  return <MatrixList api={api} onOpen={(c) => setParams({ code: c })} onCreate={() => setParams({ new: '1' })} />;
}
