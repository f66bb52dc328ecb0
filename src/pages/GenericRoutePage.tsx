// Every business route of the route table: fetch the published definition and render it with
// the runtime. A path with no route entry or no definition shows 未配置.
import { useEffect, useState } from 'react';
import { Result } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../schemas/definition';
import { ApiError } from '../api/client';
import { services } from '../api/services';
import { areaLists, routeEntryOf, type RouteEntry } from '../routes/routeTable';
import { AreaIndexPage } from './AreaIndexPage';
import { NotConfiguredPage } from './NotConfiguredPage';
import { DefinitionPage } from './DefinitionPage';
import { resolveMode } from './genericMode';

type State = { phase: 'loading' } | { phase: 'ok'; definition: FormDefinition } | { phase: 'missing' } | { phase: 'error'; msg: string } | { phase: 'handled' };

function useDefinition(entry: RouteEntry | null): State {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const code = entry?.formCode ?? null;
  useEffect(() => {
    if (!code) return;
    let live = true;
    setState({ phase: 'loading' });
    services
      .definition(code)
      .then((definition) => live && setState(definition && Array.isArray(definition.fields) ? { phase: 'ok', definition } : { phase: 'missing' }))
      .catch((e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.handled) setState({ phase: 'handled' });
        else if (e instanceof ApiError && (e.status === 404 || e.code === 404)) setState({ phase: 'missing' });
        else setState({ phase: 'error', msg: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      live = false;
    };
  }, [code]);
  return state;
}

export function GenericRoutePage() {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const entry = routeEntryOf(pathname);
  const state = useDefinition(entry);
  if (!entry) {
    const lists = areaLists(pathname);
    return lists.length ? <AreaIndexPage lists={lists} /> : <NotConfiguredPage />;
  }
  if (state.phase === 'missing') return <NotConfiguredPage formCode={entry.formCode} />;
  if (state.phase === 'error') return <Result status="error" title={t('generic.loadFailed', { msg: state.msg })} data-testid="generic-error" />;
  if (state.phase !== 'ok') return null;
  return <DefinitionPage entry={entry} definition={state.definition} mode={resolveMode(entry, params)} params={params} />;
}
