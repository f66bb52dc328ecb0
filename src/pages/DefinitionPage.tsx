// Renders a published definition with the runtime: a list page (DefinitionList) or a form
// page (DefinitionForm) in the route's mode, on the records API of docs/api.md. A submitted
// document also shows its approval (runtime/approval): the status with withdraw/urge (mode 2),
// the approver's actions (mode 3), the return banner (mode 4), the history and the diagram.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App as AntApp, Button, Result, Space, Spin, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../schemas/constants';
import type { FormDefinition } from '../../schemas/definition';
import { FORM_MODES, type FormMode } from '../../schemas/typeCodes';
import type { SavePayload } from '../../runtime/form/DefinitionForm';
import { DefinitionForm } from './LazyDefinitionForm';
import type { ListQuery, ListPage } from '../../runtime/list/DefinitionList';
import { DefinitionList } from './LazyDefinitionList';
import type { RowAction } from '../../runtime/list/rowActions';
import type { ListRow } from '../../runtime/list/columns';
import type { FormRecord } from '../../runtime/engine';
import { api, ApiError } from '../api/client';
import { endpoints } from '../api/paths';
import { endpointUrl } from '../api/call';
import { services } from '../api/services';
import { createWidgetServices } from '../api/widgetServices';
import { routeEntryOf, type RouteEntry } from '../routes/routeTable';
import { sessionUser } from '../session/sessionUser';
import { localText } from '../layout/menu';
import { ApprovalPanel } from '../../runtime/approval/ApprovalPanel';
import { ApprovalRecord, InstanceSummary, ReturnedBanner } from '../../runtime/approval/ApprovalStatus';
import type { InstanceDetail } from '../../runtime/approval/services';
import { useApprovalT } from '../../runtime/approval/i18n';
import { createApprovalServices } from '../api/approvalApi';
import { PROCESS_ROUTES } from '../routes/routeTable';
import { useMenuHeading, usePageTitle } from '../layout/pageTitle';
import { DocumentChainPanel } from './expense/DocumentChainPanel';
import { showsChain } from './expense/chainModel';
import { createExpenseServices } from '../api/expenseApi';
import { voidRow } from './voidRow';

export interface DefinitionPageProps {
  entry: RouteEntry;
  definition: FormDefinition;
  mode: FormMode;
  params: URLSearchParams;
}

const widgetServices = createWidgetServices();
const approvalServices = createApprovalServices();
const expenseServices = createExpenseServices();

export function DefinitionPage(props: DefinitionPageProps) {
  const { i18n } = useTranslation('app');
  const locale = i18n.language as Locale;
  // a menu page is headed by its menu entry's name (待结案费用 lists applications), else by the definition's
  const heading = useMenuHeading() ?? localText(props.definition.name, locale);
  usePageTitle(heading);
  return (
    <div data-testid="definition-page" data-form-code={props.definition.code} data-kind={props.entry.kind} data-mode={props.mode}>
      <Typography.Title level={4}>{heading}</Typography.Title>
      {props.entry.kind === 'list' ? <ListView {...props} locale={locale} /> : <FormView {...props} locale={locale} />}
    </div>
  );
}

function ListView({ entry, definition, locale }: DefinitionPageProps & { locale: Locale }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const { message, modal } = AntApp.useApp();
  const user = useMemo(() => sessionUser(), []);
  const target = entry.formPath ? routeEntryOf(entry.formPath) : null;
  // a list of applications whose rows open another form (settlement, write-off) only views
  const opensOtherForm = !!target && target.formCode !== entry.formCode;
  const actions: RowAction[] = !target ? [] : opensOtherForm ? ['view'] : ['view', 'modify', 'delete', 'void'];
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
      if (action === 'delete' || action === 'void') {
        try {
          if (action === 'void') {
            if (!(await voidRow(modal, t, definition, row))) return;
          } else await api.post(endpointUrl(endpoints.records.delete), { formCode: entry.formCode, id: row.id, version: row.version });
          void message.success(t(action === 'delete' ? 'generic.deleted' : 'generic.voided'));
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
    [entry, definition, opensOtherForm, navigate, message, modal, t],
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
function useFormRecord(definition: FormDefinition, id: string | null, shenQingId: string | null, reloadKey = 0): Loaded {
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
  }, [definition, id, shenQingId, reloadKey]);
  return state;
}

type DetailState = { phase: 'none' } | { phase: 'loading' } | { phase: 'ok'; detail: InstanceDetail } | { phase: 'error'; msg: string } | { phase: 'handled' };

/** The record's approval (processInstance/detail); 'none' for a new document. */
function useInstanceDetail(recordId: string | null, reloadKey: number): DetailState {
  const [state, setState] = useState<DetailState>(recordId ? { phase: 'loading' } : { phase: 'none' });
  useEffect(() => {
    if (!recordId) {
      setState({ phase: 'none' });
      return;
    }
    let live = true;
    setState({ phase: 'loading' });
    approvalServices
      .detail(recordId)
      .then((detail) => live && setState({ phase: 'ok', detail }))
      .catch((e: unknown) => {
        if (!live) return;
        setState(e instanceof ApiError && e.handled ? { phase: 'handled' } : { phase: 'error', msg: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      live = false;
    };
  }, [recordId, reloadKey]);
  return state;
}

/**
 * The mode the form really opens in: a returned document its applicant modifies is mode 4 (the
 * returning node's permissions), whatever link led there; mode 3 without a task of the caller's
 * is a read-only view.
 */
export function effectiveMode(mode: FormMode, detail: InstanceDetail | null): FormMode {
  if (!detail?.instance) return mode;
  const resubmits = detail.instance.status === 'returned' && detail.allowedActions.includes('resubmit');
  if (resubmits && (mode === FORM_MODES.MODIFY || mode === FORM_MODES.MODIFY_ON_RETURN)) return FORM_MODES.MODIFY_ON_RETURN;
  if (mode === FORM_MODES.MODIFY_ON_RETURN && !resubmits) return FORM_MODES.VIEW;
  if (mode === FORM_MODES.APPROVE && !detail.myTask) return FORM_MODES.VIEW;
  return mode;
}

function FormView({ definition, mode: routeMode, params, locale }: DefinitionPageProps & { locale: Locale }) {
  const { t } = useTranslation('app');
  const at = useApprovalT(locale);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { message } = AntApp.useApp();
  const user = useMemo(() => sessionUser(), []);
  const recordId = params.get('id');
  const [reloadKey, setReloadKey] = useState(0);
  const state = useFormRecord(definition, recordId, params.get('shenQingId'), reloadKey);
  const approval = useInstanceDetail(recordId, reloadKey);
  const derivedFrom = state.phase === 'ok' ? state.derivedFrom : undefined;
  const detail = approval.phase === 'ok' ? approval.detail : null;
  const mode = effectiveMode(routeMode, detail);

  const save = useCallback(
    async (payload: SavePayload) => {
      const body = derivedFrom && !payload.id ? { ...payload, derivedFrom } : { ...payload };
      const r = await api.post<{ id: string; number?: string; version: number }>(endpointUrl(endpoints.records.save), body, { json: true });
      void message.success(payload.submit ? t('generic.submitted', { number: r.number ?? '' }) : t('generic.saved'));
      const q = new URLSearchParams({ id: r.id });
      if (payload.submit) q.set('viewType', '2');
      navigate(`${pathname}?${q.toString()}`, { replace: true });
      // the same URL after a save keeps this page: read the record and its approval again
      setReloadKey((k) => k + 1);
    },
    [navigate, pathname, message, t, derivedFrom],
  );

  // after an approver's action: back to where they came from, else the task center
  const goBack = useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(PROCESS_ROUTES.tasks, { replace: true });
  }, [navigate]);

  const openResubmit = useCallback(() => {
    const q = new URLSearchParams(search);
    q.delete('viewType');
    q.set('mode', String(FORM_MODES.MODIFY_ON_RETURN));
    navigate(`${pathname}?${q.toString()}`);
  }, [navigate, pathname, search]);

  if (state.phase === 'error') return <Result status="error" title={t('generic.loadFailed', { msg: state.msg })} data-testid="generic-error" />;
  if (state.phase !== 'ok') return null;
  // the node's permissions decide mode 3 and 4: wait for the approval before building the form
  const needsNode = routeMode === FORM_MODES.APPROVE || routeMode === FORM_MODES.MODIFY_ON_RETURN || routeMode === FORM_MODES.MODIFY;
  if (recordId && needsNode && approval.phase === 'loading') {
    return (
      <div style={{ padding: 48, textAlign: 'center' }} data-testid="approval-loading">
        <Spin tip={at('panel.loading')}>
          <div style={{ minHeight: 40 }} />
        </Spin>
      </div>
    );
  }
  const node =
    mode === FORM_MODES.APPROVE && detail?.myTask
      ? { id: detail.myTask.nodeId, name: detail.myTask.nodeName ?? undefined }
      : mode === FORM_MODES.MODIFY_ON_RETURN && detail?.instance?.returnedFrom
        ? { id: detail.instance.returnedFrom.id, name: detail.instance.returnedFrom.name }
        : null;
  const storedData = state.record?.data;
  return (
    <>
      {approval.phase === 'error' ? (
        <Alert
          type="error"
          showIcon
          data-testid="approval-error-load"
          title={at('panel.loadFailed', { msg: approval.msg })}
          action={
            <Button size="small" onClick={() => setReloadKey((k) => k + 1)}>
              {at('panel.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {detail?.instance ? (
        <>
          {mode === FORM_MODES.MODIFY_ON_RETURN ? <ReturnedBanner detail={detail} locale={locale} /> : null}
          {routeMode === FORM_MODES.APPROVE && !detail.myTask ? (
            <Alert type="info" showIcon title={at('panel.noTask')} data-testid="approval-no-task" style={{ marginBottom: 12 }} />
          ) : null}
          <InstanceSummary
            detail={detail}
            locale={locale}
            services={approvalServices}
            userId={user.id}
            recordId={recordId ?? ''}
            actions={mode === FORM_MODES.VIEW}
            onChanged={() => setReloadKey((k) => k + 1)}
          />
          {mode === FORM_MODES.VIEW && detail.instance.status === 'returned' && detail.allowedActions.includes('resubmit') ? (
            <Alert
              type="warning"
              showIcon
              data-testid="returned-view-hint"
              title={at('returned.title')}
              action={
                <Button type="primary" size="small" icon={<EditOutlined />} onClick={openResubmit} data-testid="open-resubmit">
                  {at('actions.modifyResubmit')}
                </Button>
              }
              style={{ marginBottom: 12 }}
            />
          ) : null}
        </>
      ) : null}
      <DefinitionForm
        key={`${recordId ?? 'new'}-${mode}-${node?.id ?? ''}-${reloadKey}`}
        definition={state.definition}
        mode={mode}
        record={state.record}
        user={user}
        node={node}
        locale={locale}
        services={widgetServices}
        onSubmit={save}
        onSaveDraft={mode === FORM_MODES.VIEW || mode === FORM_MODES.APPROVE ? undefined : save}
        onCancel={() => navigate(-1)}
        approvalActions={
          detail?.myTask
            ? (ctx) => (
                <ApprovalPanel
                  detail={detail}
                  locale={locale}
                  services={approvalServices}
                  widgetServices={widgetServices}
                  form={ctx}
                  storedData={storedData}
                  onDone={goBack}
                />
              )
            : undefined
        }
      />
      {recordId && mode !== FORM_MODES.ADD && mode !== FORM_MODES.MODIFY_ON_RETURN && showsChain(state.definition.formType) ? (
        <DocumentChainPanel recordId={recordId} locale={locale} load={expenseServices.chain} reloadKey={reloadKey} />
      ) : null}
      {detail?.instance ? <ApprovalRecord detail={detail} locale={locale} services={approvalServices} widgetServices={widgetServices} /> : null}
    </>
  );
}
