// Renders a published definition with the runtime: a list page (DefinitionList) or a form
// page (DefinitionForm) in the route's mode, on the records API of docs/api.md.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { App as AntApp, Button, Result, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../schemas/constants';
import type { FormDefinition } from '../../schemas/definition';
import { FORM_MODES, type FormMode } from '../../schemas/typeCodes';
import { DefinitionForm, type SavePayload } from '../../runtime/form/DefinitionForm';
import { DefinitionList, type ListQuery, type ListPage } from '../../runtime/list/DefinitionList';
import type { RowAction } from '../../runtime/list/rowActions';
import type { ListRow } from '../../runtime/list/columns';
import type { FormRecord } from '../../runtime/engine';
import { api, ApiError } from '../api/client';
import { endpoints } from '../../schemas/api';
import { endpointUrl } from '../api/call';
import { services } from '../api/services';
import { createWidgetServices } from '../api/widgetServices';
import { routeEntryOf, type RouteEntry } from '../routes/routeTable';
import { sessionUser } from '../session/sessionUser';
import { localText } from '../layout/menu';
import { usePageTitle } from '../layout/pageTitle';

export interface DefinitionPageProps {
  entry: RouteEntry;
  definition: FormDefinition;
  mode: FormMode;
  params: URLSearchParams;
}

const widgetServices = createWidgetServices();

export function DefinitionPage(props: DefinitionPageProps) {
  const { i18n } = useTranslation('app');
  const locale = i18n.language as Locale;
  usePageTitle(localText(props.definition.name, locale));
  return (
    <div data-testid="definition-page" data-form-code={props.definition.code} data-kind={props.entry.kind} data-mode={props.mode}>
      <Typography.Title level={4}>{localText(props.definition.name, locale)}</Typography.Title>
      {props.entry.kind === 'list' ? <ListView {...props} locale={locale} /> : <FormView {...props} locale={locale} />}
    </div>
  );
}

function ListView({ entry, definition, locale }: DefinitionPageProps & { locale: Locale }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const user = useMemo(() => sessionUser(), []);
  const target = entry.formPath ? routeEntryOf(entry.formPath) : null;
  // a list of applications whose rows open another form (settlement, write-off) only views
  const opensOtherForm = !!target && target.formCode !== entry.formCode;
  const actions: RowAction[] = !target ? [] : opensOtherForm ? ['view'] : ['view', 'modify', 'delete'];
  // bumped after a delete so the list asks the server for the page again
  const [reloadKey, setReloadKey] = useState(0);

  const fetchPage = useCallback(
    (q: ListQuery) =>
      api.post<ListPage>(endpointUrl(endpoints.records.list), {
        formCode: entry.formCode,
        page: q.page,
        limit: q.limit,
        sort: q.sort,
        order: q.order,
        filters: [...(entry.filters ?? []), ...q.filters],
      }),
    [entry],
  );

  const onRowAction = useCallback(
    async (action: RowAction, row: ListRow, mode: FormMode) => {
      if (action === 'delete') {
        try {
          await api.post(endpointUrl(endpoints.records.delete), { formCode: entry.formCode, id: row.id, version: row.version });
          void message.success(t('generic.deleted'));
          setReloadKey((k) => k + 1);
        } catch (e) {
          if (!(e instanceof ApiError && e.handled)) void message.error(e instanceof Error ? e.message : String(e));
        }
        return;
      }
      if (!entry.formPath || !row.id) return;
      const q = new URLSearchParams(opensOtherForm ? { shenQingId: String(row.id) } : { id: String(row.id), mode: String(mode) });
      navigate(`${entry.formPath}?${q.toString()}`);
    },
    [entry, opensOtherForm, navigate, message, t],
  );

  return (
    <>
      {target && !opensOtherForm && target.mode === FORM_MODES.ADD && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="list-add" onClick={() => navigate(entry.formPath!)}>
            {t('generic.add')}
          </Button>
        </Space>
      )}
      <DefinitionList
        definition={definition}
        fetchPage={fetchPage}
        user={user}
        locale={locale}
        actions={actions}
        onRowAction={onRowAction}
        reloadKey={reloadKey}
        services={widgetServices}
      />
    </>
  );
}

type Loaded =
  | { phase: 'loading' }
  /** derivedFrom: a new document made from that record (its link is written when it is saved) */
  | { phase: 'ok'; definition: FormDefinition; record: FormRecord | null; derivedFrom?: string }
  | { phase: 'error'; msg: string }
  | { phase: 'handled' };

/** What record/derive answers: the new document's values, filled by the server from its source. */
interface Derived {
  formCode: string;
  data: Record<string, unknown>;
  derivedFrom: { id: string; formCode: string; number: string; kind: string };
}

/**
 * The record (?id=) or, for a settlement / write-off of an application (?shenQingId=), the new
 * document the server fills from the application by the definition's derive mapping.
 */
function useFormRecord(definition: FormDefinition, id: string | null, shenQingId: string | null): Loaded {
  const [state, setState] = useState<Loaded>({ phase: 'loading' });
  useEffect(() => {
    let live = true;
    const load = async (): Promise<Loaded> => {
      if (id) {
        const r = await api.post<{ record: FormRecord; definitionVersion?: number }>(endpointUrl(endpoints.records.get), { formCode: definition.code, id });
        const v = r.definitionVersion ?? r.record.definitionVersion;
        const def = v && v !== definition.version ? await services.definition(definition.code, v) : definition;
        return { phase: 'ok', definition: def, record: r.record };
      }
      if (shenQingId && definition.derive) {
        const r = await api.post<Derived>(endpointUrl(endpoints.records.derive), { formCode: definition.code, fromId: shenQingId });
        return { phase: 'ok', definition, record: { data: r.data }, derivedFrom: r.derivedFrom.id };
      }
      return { phase: 'ok', definition, record: null };
    };
    setState({ phase: 'loading' });
    load()
      .then((s) => live && setState(s))
      .catch((e: unknown) => {
        if (!live) return;
        setState(e instanceof ApiError && e.handled ? { phase: 'handled' } : { phase: 'error', msg: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      live = false;
    };
  }, [definition, id, shenQingId]);
  return state;
}

function FormView({ definition, mode, params, locale }: DefinitionPageProps & { locale: Locale }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { message } = AntApp.useApp();
  const user = useMemo(() => sessionUser(), []);
  const state = useFormRecord(definition, params.get('id'), params.get('shenQingId'));
  const derivedFrom = state.phase === 'ok' ? state.derivedFrom : undefined;

  const save = useCallback(
    async (payload: SavePayload) => {
      const body = derivedFrom && !payload.id ? { ...payload, derivedFrom } : { ...payload };
      const r = await api.post<{ id: string; number?: string; version: number }>(endpointUrl(endpoints.records.save), body, { json: true });
      void message.success(payload.submit ? t('generic.submitted', { number: r.number ?? '' }) : t('generic.saved'));
      const q = new URLSearchParams({ id: r.id });
      if (payload.submit) q.set('viewType', '2');
      navigate(`${pathname}?${q.toString()}`, { replace: true });
    },
    [navigate, pathname, message, t, derivedFrom],
  );

  if (state.phase === 'error') return <Result status="error" title={t('generic.loadFailed', { msg: state.msg })} data-testid="generic-error" />;
  if (state.phase !== 'ok') return null;
  return (
    <DefinitionForm
      key={`${params.get('id') ?? 'new'}-${mode}`}
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
  );
}
