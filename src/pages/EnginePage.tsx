// The generic engine pages (routeTable ENGINE_ROUTES): any published definition by its code —
//   /web/system/shiShi/biaoDan/list?code=…            its list (DefinitionList)
//   /web/system/peiZhi/biaoDan/edit?code=…&id=&type=  its form (DefinitionForm, mode 0–4)
//   /web/system/peiZhi/biaoDan/biaoDanViewInit?code=…&id=  a record in view mode
// so a form an implementer has just published opens for end users without a route-table row.
// The addresses keep `?code=` on every step (add, open a row, after saving).
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { App as AntApp, Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../schemas/constants';
import type { FormDefinition } from '../../schemas/definition';
import { FORM_MODES, type FormMode } from '../../schemas/typeCodes';
import type { SavePayload } from '../../runtime/form/DefinitionForm';
import { DefinitionForm } from './LazyDefinitionForm';
import type { ListPage, ListQuery } from '../../runtime/list/DefinitionList';
import { DefinitionList } from './LazyDefinitionList';
import type { RowAction } from '../../runtime/list/rowActions';
import type { ListRow } from '../../runtime/list/columns';
import type { FormRecord } from '../../runtime/engine';
import { api, ApiError } from '../api/client';
import { endpoints } from '../api/paths';
import { endpointUrl } from '../api/call';
import { services } from '../api/services';
import { createWidgetServices } from '../api/widgetServices';
import { engineEntryOf, engineFormPath, engineListPath, isFormCode } from '../routes/routeTable';
import { sessionUser } from '../session/sessionUser';
import { localText } from '../layout/menu';
import { usePageTitle } from '../layout/pageTitle';
import { usePublishedDefinition } from './usePublishedDefinition';

const widgetServices = createWidgetServices();

// what only a failure shows loads on demand (antd's Result and its illustrations): the form page's
// first paint needs neither (issue 16)
const NotConfiguredPage = lazy(() => import('./NotConfiguredPage').then((m) => ({ default: m.NotConfiguredPage })));
const Result = lazy(() => import('antd/es/result'));
const OnDemand = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

/** The definition or the record could not be loaded. */
function LoadFailed({ msg }: { msg: string }) {
  const { t } = useTranslation('app');
  return (
    <OnDemand>
      <Result status="error" title={t('generic.loadFailed', { msg })} data-testid="generic-error" />
    </OnDemand>
  );
}

const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function EnginePage() {
  const { t, i18n } = useTranslation('app');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const resolved = engineEntryOf(pathname, params);
  const code = resolved?.entry.formCode ?? null;
  const state = usePublishedDefinition(code);
  const locale = i18n.language as Locale;
  const name = state.phase === 'ok' ? localText(state.definition.name, locale) : null;
  usePageTitle(name);
  if (!resolved)
    return (
      <OnDemand>
        <NotConfiguredPage formCode={params.get('code') || undefined} detail={isFormCode(params.get('code')) ? undefined : t('engine.noCode')} />
      </OnDemand>
    );
  if (state.phase === 'missing')
    return (
      <OnDemand>
        <NotConfiguredPage formCode={resolved.entry.formCode} detail={t('engine.notPublished')} />
      </OnDemand>
    );
  if (state.phase === 'error') return <LoadFailed msg={state.msg} />;
  if (state.phase !== 'ok') return null;
  const { entry, mode } = resolved;
  return (
    <div data-testid="definition-page" data-engine="true" data-form-code={state.definition.code} data-kind={entry.kind} data-mode={mode}>
      {/* antd's h4 look without antd Typography (which brings its editable TextArea along) */}
      <h4 className="fw-page-title">{name}</h4>
      {entry.kind === 'list' ? (
        <EngineList definition={state.definition} locale={locale} />
      ) : (
        <EngineForm key={`${params.get('id') ?? 'new'}-${mode}`} definition={state.definition} mode={mode} id={params.get('id')} locale={locale} />
      )}
    </div>
  );
}

function EngineList({ definition, locale }: { definition: FormDefinition; locale: Locale }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const user = useMemo(() => sessionUser(), []);
  const [reloadKey, setReloadKey] = useState(0);
  const code = definition.code;

  const fetchPage = useCallback(
    (q: ListQuery) =>
      api.post<ListPage>(endpointUrl(endpoints.records.list), {
        formCode: code,
        page: q.page,
        limit: q.limit,
        sort: q.sort,
        order: q.order,
        filters: q.filters,
      }),
    [code],
  );

  const onRowAction = useCallback(
    async (action: RowAction, row: ListRow, mode: FormMode) => {
      if (!row.id) return;
      if (action === 'delete' || action === 'void') {
        try {
          await api.post(endpointUrl(action === 'delete' ? endpoints.records.delete : endpoints.records.void), {
            formCode: code,
            id: row.id,
            version: row.version,
          });
          void message.success(t(action === 'delete' ? 'generic.deleted' : 'generic.voided'));
          setReloadKey((k) => k + 1);
        } catch (e) {
          if (!(e instanceof ApiError && e.handled)) void message.error(errText(e));
        }
        return;
      }
      navigate(engineFormPath(code, { id: String(row.id), mode }));
    },
    [code, navigate, message, t],
  );

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} data-testid="list-add" onClick={() => navigate(engineFormPath(code))}>
          {t('generic.add')}
        </Button>
      </Space>
      <DefinitionList
        definition={definition}
        fetchPage={fetchPage}
        user={user}
        locale={locale}
        actions={['view', 'modify', 'delete', 'void']}
        onRowAction={onRowAction}
        reloadKey={reloadKey}
        services={widgetServices}
      />
    </>
  );
}

type RecordState =
  { phase: 'loading' } | { phase: 'ok'; definition: FormDefinition; record: FormRecord | null } | { phase: 'error'; msg: string } | { phase: 'handled' };

/** The record of `?id=` with the definition version it was written with (spec: records keep their version). */
function useRecord(definition: FormDefinition, id: string | null): RecordState {
  const [state, setState] = useState<RecordState>(id ? { phase: 'loading' } : { phase: 'ok', definition, record: null });
  useEffect(() => {
    if (!id) {
      setState({ phase: 'ok', definition, record: null });
      return;
    }
    let live = true;
    setState({ phase: 'loading' });
    (async () => {
      const r = await api.post<{ record: FormRecord; definitionVersion?: number }>(endpointUrl(endpoints.records.get), { formCode: definition.code, id });
      const v = r.definitionVersion ?? r.record.definitionVersion;
      const def = v && v !== definition.version ? await services.definition(definition.code, v) : definition;
      return { phase: 'ok' as const, definition: def, record: r.record };
    })()
      .then((s) => live && setState(s))
      .catch((e: unknown) => live && setState(e instanceof ApiError && e.handled ? { phase: 'handled' } : { phase: 'error', msg: errText(e) }));
    return () => {
      live = false;
    };
  }, [definition, id]);
  return state;
}

function EngineForm({ definition, mode, id, locale }: { definition: FormDefinition; mode: FormMode; id: string | null; locale: Locale }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const user = useMemo(() => sessionUser(), []);
  const state = useRecord(definition, id);
  const code = definition.code;

  const save = useCallback(
    async (payload: SavePayload) => {
      const r = await api.post<{ id: string; number?: string; version: number }>(endpointUrl(endpoints.records.save), { ...payload }, { json: true });
      void message.success(payload.submit ? t('generic.submitted', { number: r.number ?? '' }) : t('generic.saved'));
      // a submitted record is shown read-only; a saved draft stays editable
      navigate(
        payload.submit
          ? engineFormPath(code, { id: r.id, mode: FORM_MODES.VIEW, viewOnly: true })
          : engineFormPath(code, { id: r.id, mode: FORM_MODES.MODIFY }),
        { replace: true },
      );
    },
    [code, navigate, message, t],
  );

  if (state.phase === 'error') return <LoadFailed msg={state.msg} />;
  if (state.phase !== 'ok') return null;
  return (
    <>
      <DefinitionForm
        definition={state.definition}
        mode={mode}
        record={state.record}
        user={user}
        locale={locale}
        services={widgetServices}
        onSubmit={save}
        onSaveDraft={mode === FORM_MODES.VIEW || mode === FORM_MODES.APPROVE ? undefined : save}
        onCancel={() => navigate(-1)}
      />
      <Button type="link" data-testid="engine-to-list" onClick={() => navigate(engineListPath(code))}>
        {t('engine.toList')}
      </Button>
    </>
  );
}
