// Every business route of the route table: fetch the published definition and render it with
// the runtime (a singleton entry: its one record, SingletonPage). A path with no route entry or
// no definition shows 未配置; an area's or index route's path lists the area's pages.
import { lazy, Suspense } from 'react';
import { Result } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { areaLists, routeEntryOf } from '../routes/routeTable';
import { AreaIndexPage } from './AreaIndexPage';
import { NotConfiguredPage } from './NotConfiguredPage';
import { DefinitionPage } from './DefinitionPage';
import { FormPending } from './LazyDefinitionForm';
import { usePublishedDefinition } from './usePublishedDefinition';
import { resolveMode } from './genericMode';

// a singleton's page holds the form's code: loaded when one opens (see LazyDefinitionForm)
const SingletonPage = lazy(() => import('./SingletonPage').then((m) => ({ default: m.SingletonPage })));

export function GenericRoutePage() {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const entry = routeEntryOf(pathname);
  const state = usePublishedDefinition(entry?.formCode ?? null);
  if (!entry) {
    const lists = areaLists(pathname);
    return lists.length ? <AreaIndexPage lists={lists} /> : <NotConfiguredPage />;
  }
  if (state.phase === 'missing') return <NotConfiguredPage formCode={entry.formCode} />;
  if (state.phase === 'error') return <Result status="error" title={t('generic.loadFailed', { msg: state.msg })} data-testid="generic-error" />;
  if (state.phase !== 'ok') return null;
  if (entry.singleton)
    return (
      <Suspense fallback={<FormPending fields={state.definition.fields.length} />}>
        <SingletonPage definition={state.definition} id={params.get('id')} />
      </Suspense>
    );
  return <DefinitionPage entry={entry} definition={state.definition} mode={resolveMode(entry, params)} params={params} />;
}
