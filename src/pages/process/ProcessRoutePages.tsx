// The process designer's routes (designer/process) on the app's API client:
//   /web/system/process/liuChengSheZhi             → the process list; a process opens on liuChengTu
//   /web/system/process/liuChengTu?code=<process>  → the designer (no code: back to the list)
//   /web/system/peiZhi/biaoDanProcess?code=<form>  → the designer on the process bound to the form
//                                                    (the enabled one first), or an empty state
//                                                    that creates one bound to the form
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Result, Select, Space, Spin, Typography } from 'antd';
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Locale } from '../../../schemas/constants';
import { LOCALES } from '../../../schemas/constants';
import { ProcessList } from '../../../designer/process/ProcessList';
import { ProcessDesignerPage } from '../../../designer/process/ProcessDesignerPage';
import { CodeNameDialog } from '../../../designer/process/dialogs';
import type { ProcessDesignerApi, ProcessFormRow, ProcessSummary } from '../../../designer/process/api';
import { createProcessDesignerApi } from '../../api/processDesignerApi';
import { PROCESS_ROUTES, isFormCode } from '../../routes/routeTable';
import { usePageTitle } from '../../layout/pageTitle';
import { NotConfiguredPage } from '../NotConfiguredPage';

/** The designer's URL of one process. */
export const processDiagramPath = (code: string) => `${PROCESS_ROUTES.diagram}?code=${encodeURIComponent(code)}`;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function useUiLocale(): Locale {
  const { i18n } = useTranslation();
  return (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'zh-CN';
}

export function ProcessSettingsRoutePage() {
  const navigate = useNavigate();
  const api = useMemo(() => createProcessDesignerApi(), []);
  const { t } = useTranslation('process');
  usePageTitle(t('listPage.title'));
  return (
    <div data-testid="process-settings-page">
      <ProcessList api={api} onOpen={(code) => navigate(processDiagramPath(code))} hrefOf={processDiagramPath} />
    </div>
  );
}

export function ProcessDiagramRoutePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const api = useMemo(() => createProcessDesignerApi(), []);
  const { t } = useTranslation('process');
  const code = params.get('code');
  const valid = isFormCode(code);
  usePageTitle(valid ? t('listPage.diagramTitle', { code }) : null);
  if (!valid) return <Navigate to={PROCESS_ROUTES.settings} replace />;
  return (
    <div data-testid="process-diagram-page">
      <ProcessDesignerPage
        key={code}
        api={api}
        code={code}
        onBack={() => navigate(PROCESS_ROUTES.settings)}
        onOpenProcess={(next) => navigate(processDiagramPath(next))}
      />
    </div>
  );
}

type Lookup =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; processes: ProcessSummary[]; form: ProcessFormRow | null; chosen: string | null };

/** The processes bound to a form (the enabled one first) and the form's row (its name). */
async function lookUp(api: ProcessDesignerApi, formCode: string): Promise<{ processes: ProcessSummary[]; form: ProcessFormRow | null }> {
  const [page, forms] = await Promise.all([api.list({ formCode, page: 1, limit: 50 }), api.forms(formCode).catch(() => [] as ProcessFormRow[])]);
  const processes = page.rows.filter((r) => r.formCode === formCode).sort((a, b) => Number(b.enabled) - Number(a.enabled));
  return { processes, form: forms.find((f) => f.code === formCode) ?? null };
}

export function FormProcessRoutePage() {
  const [params] = useSearchParams();
  const formCode = params.get('code');
  const { t } = useTranslation('app');
  if (!isFormCode(formCode)) return <NotConfiguredPage formCode={formCode || undefined} detail={t('app:engine.noCode')} />;
  return <FormProcess key={formCode} formCode={formCode} />;
}

function FormProcess({ formCode }: { formCode: string }) {
  const navigate = useNavigate();
  const api = useMemo(() => createProcessDesignerApi(), []);
  const { t } = useTranslation('process');
  const locale = useUiLocale();
  const [state, setState] = useState<Lookup>({ kind: 'loading' });
  const [creating, setCreating] = useState(false);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => {
    let live = true;
    setState((s) => (s.kind === 'ready' ? s : { kind: 'loading' }));
    lookUp(api, formCode).then(
      ({ processes, form }) =>
        live &&
        setState((s) => ({
          kind: 'ready',
          processes,
          form,
          // keep the process being edited (a reload after a create picks the new one, set below)
          chosen: s.kind === 'ready' && s.chosen && processes.some((p) => p.code === s.chosen) ? s.chosen : (processes[0]?.code ?? null),
        })),
      (e: unknown) => live && setState({ kind: 'error', message: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, formCode, generation]);

  const formName = state.kind === 'ready' && state.form ? state.form.name[locale] || state.form.name['zh-CN'] : formCode;
  usePageTitle(t('listPage.formTitle', { form: formName }));
  const toList = () => navigate(PROCESS_ROUTES.settings);

  if (state.kind === 'loading')
    return (
      <div style={{ padding: 48, textAlign: 'center' }} data-testid="form-process-loading">
        <Spin tip={t('listPage.formLoading')}>
          <div style={{ height: 80 }} />
        </Spin>
      </div>
    );
  if (state.kind === 'error')
    return (
      <Result
        status="error"
        title={t('listPage.loadFailed')}
        subTitle={state.message}
        extra={
          <Button onClick={reload} data-testid="form-process-retry">
            {t('listPage.retry')}
          </Button>
        }
        data-testid="form-process-error"
      />
    );

  const dialog = (
    <CodeNameDialog
      api={api}
      locale={locale}
      open={creating}
      formCode={formCode}
      onClose={() => setCreating(false)}
      onDone={(s) => {
        setState((cur) => (cur.kind === 'ready' ? { ...cur, processes: [...cur.processes, s], chosen: s.code } : cur));
        reload();
      }}
    />
  );

  if (!state.chosen)
    return (
      <>
        <Result
          status="info"
          title={t('listPage.formEmpty', { form: formName })}
          subTitle={
            <>
              <div>{t('listPage.formEmptyHint')}</div>
              <Typography.Text type="secondary">{formCode}</Typography.Text>
            </>
          }
          extra={
            <Space wrap>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="form-process-create">
                {t('listPage.formCreate')}
              </Button>
              <Button icon={<UnorderedListOutlined />} onClick={toList} data-testid="form-process-list">
                {t('listPage.backToList')}
              </Button>
            </Space>
          }
          data-testid="form-process-empty"
        />
        {dialog}
      </>
    );

  const { processes, chosen } = state;
  return (
    <div data-testid="form-process-page">
      {processes.length > 1 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('listPage.formSeveral', { count: processes.length })}
          action={
            <Select
              aria-label={t('listPage.formPick')}
              style={{ minWidth: 220 }}
              value={chosen}
              onChange={(code: string) => setState({ ...state, chosen: code })}
              options={processes.map((p) => ({
                value: p.code,
                label: `${p.name[locale] || p.name['zh-CN']} (${p.code})${p.enabled ? ` · ${t('listPage.enabled')}` : ''}`,
              }))}
              data-testid="form-process-pick"
            />
          }
        />
      ) : null}
      <ProcessDesignerPage key={chosen} api={api} code={chosen} onBack={toList} onOpenProcess={(next) => navigate(processDiagramPath(next))} />
      {dialog}
    </div>
  );
}
