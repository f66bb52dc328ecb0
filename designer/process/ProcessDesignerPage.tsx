// The process designer (/web/system/process/liuChengTu?code=…): toolbar, canvas, property drawer
// (./drawer/NodeDrawer, engineer A2's) and the side panels — the publish check's problems, the
// versions with their diff, the dry-run. The draft autosaves with its optimistic version (a
// stale save offers reload or overwrite); publish runs the server's lint and puts the problems
// on the nodes; bind to a form, enable or disable, copy.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { Alert, App, Button, Modal, Result, Space, Spin, Switch, Tag, Tooltip, Typography } from 'antd';
import {
  ApartmentOutlined,
  ArrowLeftOutlined,
  BranchesOutlined,
  CloudUploadOutlined,
  CopyOutlined,
  ExperimentOutlined,
  ExpandOutlined,
  HistoryOutlined,
  LinkOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { Locale } from '../../schemas/constants';
import type { ProcessDefinition } from '../../schemas/process/model';
import type { DryRunResult } from '../../schemas/process/dryRun';
import { namesFromDirectory, strategyRefs, type StrategyNames } from '../../runtime/approval/strategySummary';
import { ProcessDesignerStore } from '../core/process/store';
import { autoLayout } from '../core/process/commands';
import type { ProcessCommand } from '../core/process/command';
import { problemsByNode, toPointer, type ProcessProblem } from '../core/process/problems';
import type { ProcessDesignerError } from '../core/process/errors';
import type { DirectoryOptions, DirectoryUser, ProcessDesignerApi, ProcessDesignerApiError, ProcessFormField, ProcessItem, ProcessSummary } from './api';
import { ProcessCanvas } from './Canvas';
import { dryRunPath } from './canvasModel';
import { NodeDrawer } from './drawer/NodeDrawer';
import { DryRunPanel } from './DryRunPanel';
import { ProblemsPanel } from './ProblemsPanel';
import { VersionsPanel } from './VersionsPanel';
import { BindFormDialog, CodeNameDialog } from './dialogs';
import { useProcessAutosave } from './useProcessAutosave';
import { textOf, useProcessLocale, useProcessT, type ProcessT } from './i18n';
import './processDesigner.css';

export interface ProcessDesignerPageProps {
  api: ProcessDesignerApi;
  code: string;
  /** the UI locale (default: the host's i18next language) */
  locale?: Locale;
  /** back to the process list */
  onBack?: () => void;
  /** open another process (after a copy) */
  onOpenProcess?: (code: string) => void;
  /** autosave delay (ms) */
  autosaveMs?: number;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function ProcessDesignerPage(props: ProcessDesignerPageProps) {
  const hostLocale = useProcessLocale();
  const locale = props.locale ?? hostLocale;
  const t = useProcessT(locale);
  const [item, setItem] = useState<ProcessItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const { api, code } = props;

  const load = useCallback(() => {
    setError(null);
    setItem(null);
    api
      .item(code)
      .then((i) => {
        setItem(i);
        setGeneration((g) => g + 1);
      })
      .catch((e: unknown) => setError(errorText(e)));
  }, [api, code]);
  useEffect(load, [load]);

  if (error)
    return (
      <Result
        status="error"
        title={t('toolbar.loadFailed')}
        subTitle={error}
        extra={
          <Space>
            <Button onClick={load} data-testid="process-designer-retry">
              {t('toolbar.retry')}
            </Button>
            {props.onBack ? <Button onClick={props.onBack}>{t('toolbar.back')}</Button> : null}
          </Space>
        }
        data-testid="process-designer-error"
      />
    );
  if (!item)
    return (
      <div style={{ padding: 48, textAlign: 'center' }} data-testid="process-designer-loading">
        <Spin tip={t('toolbar.loading')}>
          <div style={{ height: 80 }} />
        </Spin>
      </div>
    );
  const working = item.draft ?? item.published;
  if (!working) return <Result status="warning" title={t('toolbar.empty')} data-testid="process-designer-empty" />;
  return (
    <App component={false}>
      <ReactFlowProvider>
        <DesignerBody key={generation} {...props} locale={locale} t={t} item={item} working={working} onReload={load} />
      </ReactFlowProvider>
    </App>
  );
}

interface BodyProps extends ProcessDesignerPageProps {
  locale: Locale;
  t: ProcessT;
  item: ProcessItem;
  working: ProcessDefinition;
  onReload: () => void;
}

type Side = 'none' | 'problems' | 'versions' | 'dryRun';

function useStrategyNames(
  api: ProcessDesignerApi,
  definition: ProcessDefinition,
  formCode: string | null,
): { names: StrategyNames; fields: ProcessFormField[] | null } {
  const [options, setOptions] = useState<DirectoryOptions | undefined>();
  const [users, setUsers] = useState<DirectoryUser[]>([]);
  const [fields, setFields] = useState<ProcessFormField[] | null>(null);
  useEffect(() => {
    let live = true;
    api
      .directoryOptions()
      .then((o) => live && setOptions(o))
      .catch(() => undefined); // names fall back to codes
    return () => {
      live = false;
    };
  }, [api]);
  const userKey = useMemo(() => [...new Set(definition.nodes.flatMap((n) => strategyRefs(n.assignee).users))].sort().join(','), [definition.nodes]);
  useEffect(() => {
    if (!userKey) return;
    let live = true;
    api
      .usersByIds(userKey.split(','))
      .then((u) => live && setUsers(u))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, userKey]);
  useEffect(() => {
    if (!formCode) return setFields(null);
    let live = true;
    api
      .formFields(formCode)
      .then((f) => live && setFields(f))
      .catch(() => live && setFields([]));
    return () => {
      live = false;
    };
  }, [api, formCode]);
  const names = useMemo<StrategyNames>(
    () => ({ ...namesFromDirectory(options, users), fields: Object.fromEntries((fields ?? []).map((f) => [f.path, f.label['zh-CN']])) }),
    [options, users, fields],
  );
  return { names, fields };
}

function DesignerBody({ api, code, locale, t, item, working, onReload, onBack, onOpenProcess, autosaveMs }: BodyProps) {
  const { message } = App.useApp();
  const [store] = useState(() => new ProcessDesignerStore(working));
  const definition = useSyncExternalStore(store.subscribe, () => store.getState().definition);
  const canUndo = useSyncExternalStore(store.subscribe, () => store.getState().canUndo);
  const canRedo = useSyncExternalStore(store.subscribe, () => store.getState().canRedo);
  const [summary, setSummary] = useState<ProcessSummary>(item.summary);
  const autosave = useProcessAutosave(store, api, code, item.summary.draftVersion, true, autosaveMs);
  const [publishLint, setPublishLint] = useState<{ problems: ProcessProblem[]; definition: ProcessDefinition } | null>(null);
  const [side, setSide] = useState<Side>('none');
  const [drawer, setDrawer] = useState<{ nodeId: string | null; edgeId: string | null } | null>(null);
  const [dry, setDry] = useState<DryRunResult | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [bindOpen, setBindOpen] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const [versionsRefresh, setVersionsRefresh] = useState(0);
  const [busy, setBusy] = useState(false);
  const flow = useReactFlow();
  const pageRef = useRef<HTMLDivElement>(null);
  const formCode = summary.formCode;
  const { names } = useStrategyNames(api, definition, formCode);

  // the next save's lint replaces the publish check's
  const saveLint = autosave.lint;
  const lastSaveLint = useRef(saveLint);
  useEffect(() => {
    if (saveLint !== lastSaveLint.current) {
      lastSaveLint.current = saveLint;
      setPublishLint(null);
    }
  }, [saveLint]);
  const lint = publishLint ?? saveLint;
  const problems = useMemo(() => (lint ? problemsByNode(lint.problems, lint.definition) : null), [lint]);
  const pointerProblems = useMemo(() => (lint ? lint.problems.map((p) => ({ ...p, path: toPointer(p.path) })) : []), [lint]);
  const path = useMemo(() => (dry ? dryRunPath(definition, dry.steps) : null), [dry, definition]);

  const refused = useCallback((e: ProcessDesignerError) => void message.error(t(`errors.${e.code}`, e.params)), [message, t]);
  const dispatch = useCallback(
    (cmd: ProcessCommand) => {
      const r = store.dispatch(cmd);
      if (!r.ok) refused(r.error);
    },
    [store, refused],
  );
  const open = useCallback((target: { nodeId?: string; edgeId?: string }) => setDrawer({ nodeId: target.nodeId ?? null, edgeId: target.edgeId ?? null }), []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const el = e.target as HTMLElement;
    if (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return;
    if (!(e.ctrlKey || e.metaKey)) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) {
      e.preventDefault();
      store.undo();
    } else if ((k === 'z' && e.shiftKey) || k === 'y') {
      e.preventDefault();
      store.redo();
    } else if (k === 's') {
      e.preventDefault();
      void autosave.flush();
    }
  };

  const publish = async () => {
    setPublishing(true);
    try {
      const saved = await autosave.flush();
      if (!saved) return;
      const def = store.getState().definition;
      let version: number;
      try {
        ({ version } = await api.publish(code, autosave.draftVersion.current ?? undefined));
      } catch (e) {
        const err = e as ProcessDesignerApiError;
        if (err?.status === 422 && err.errors?.length) {
          setPublishLint({ problems: err.errors.map((x) => ({ path: x.field, message: x.message, code: x.code })), definition: def });
          setSide('problems');
          message.error(t('toolbar.publishProblems', { count: err.errors.length }));
        } else message.error(errorText(e));
        return;
      }
      const fresh = await api.item(code);
      const published = fresh.published;
      if (published) store.rebase(fresh.draft ?? published);
      autosave.draftVersion.current = fresh.summary.draftVersion;
      setSummary(fresh.summary);
      setPublishLint({ problems: [], definition: store.getState().definition });
      setVersionsRefresh((n) => n + 1);
      message.success(t('toolbar.published', { version }));
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setPublishing(false);
    }
  };

  const setEnabled = async (enabled: boolean) => {
    setBusy(true);
    try {
      setSummary(await api.setEnabled(code, enabled));
      message.success(t(enabled ? 'toolbar.enabledDone' : 'toolbar.disabledDone'));
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const overwrite = async () => {
    try {
      const fresh = await api.item(code);
      if (await autosave.overwrite(fresh.summary.draftVersion)) message.success(t('toolbar.overwritten'));
    } catch (e) {
      message.error(errorText(e));
    }
  };

  const saveText = (() => {
    const s = autosave.state;
    if (s.kind === 'saving') return t('toolbar.saving');
    if (s.kind === 'dirty') return t('toolbar.unsaved');
    if (s.kind === 'error') return t('toolbar.saveFailed', { msg: s.message });
    if (s.kind === 'conflict') return t('toolbar.conflict');
    return t('toolbar.saved');
  })();

  const selectProblem = (target: { nodeId?: string; edgeId?: string }) => {
    if (target.edgeId) store.selectEdge(target.edgeId);
    else if (target.nodeId) store.selectNode(target.nodeId);
    const node = target.nodeId ? flow.getNode(target.nodeId) : undefined;
    if (node) void flow.fitView({ nodes: [{ id: node.id }], duration: 200, maxZoom: 1.2 });
    open(target);
  };

  const problemCount = lint?.problems.length ?? 0;
  return (
    <div ref={pageRef} className="fw-pd-page" data-testid="process-designer" onKeyDown={onKeyDown}>
      <div className="fw-pd-toolbar" role="toolbar" aria-label={t('toolbar.label')}>
        {onBack ? (
          <Tooltip title={t('toolbar.back')}>
            <Button icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('toolbar.back')} data-testid="process-back" />
          </Tooltip>
        ) : null}
        <Typography.Text className="fw-pd-toolbar-title" data-testid="process-title">
          {textOf(definition.name, locale)} <Typography.Text type="secondary">({code})</Typography.Text>
        </Typography.Text>
        <Tag data-testid="process-version-tag">
          {summary.latestVersion ? t('toolbar.versionTag', { version: summary.latestVersion }) : t('toolbar.neverPublished')}
        </Tag>
        <Typography.Text
          type={autosave.state.kind === 'error' || autosave.state.kind === 'conflict' ? 'danger' : 'secondary'}
          data-testid="process-save-state"
          aria-live="polite"
        >
          {saveText}
        </Typography.Text>
        <Space.Compact>
          <Tooltip title={t('toolbar.undo')}>
            <Button icon={<UndoOutlined />} disabled={!canUndo} onClick={() => store.undo()} aria-label={t('toolbar.undo')} data-testid="process-undo" />
          </Tooltip>
          <Tooltip title={t('toolbar.redo')}>
            <Button icon={<RedoOutlined />} disabled={!canRedo} onClick={() => store.redo()} aria-label={t('toolbar.redo')} data-testid="process-redo" />
          </Tooltip>
        </Space.Compact>
        <Button icon={<ApartmentOutlined />} onClick={() => dispatch(autoLayout())} data-testid="process-auto-layout">
          {t('toolbar.autoLayout')}
        </Button>
        <Button icon={<ExpandOutlined />} onClick={() => void flow.fitView({ padding: 0.15, duration: 200 })} data-testid="process-fit">
          {t('toolbar.fit')}
        </Button>
        <Button icon={<SaveOutlined />} onClick={() => void autosave.flush()} loading={autosave.state.kind === 'saving'} data-testid="process-save">
          {t('toolbar.save')}
        </Button>
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => void publish()} loading={publishing} data-testid="process-publish">
          {t('toolbar.publish')}
        </Button>
        <Button
          icon={<HistoryOutlined />}
          onClick={() => setSide(side === 'versions' ? 'none' : 'versions')}
          aria-pressed={side === 'versions'}
          data-testid="process-versions-toggle"
        >
          {t('toolbar.versions')}
        </Button>
        <Button
          icon={<ExperimentOutlined />}
          onClick={() => setSide(side === 'dryRun' ? 'none' : 'dryRun')}
          aria-pressed={side === 'dryRun'}
          data-testid="process-dryrun-toggle"
        >
          {t('toolbar.dryRun')}
        </Button>
        {problemCount > 0 ? (
          <Button
            danger
            icon={<BranchesOutlined />}
            onClick={() => setSide(side === 'problems' ? 'none' : 'problems')}
            aria-pressed={side === 'problems'}
            data-testid="process-problems-toggle"
          >
            {t('toolbar.problems', { count: problemCount })}
          </Button>
        ) : null}
        <Button icon={<LinkOutlined />} onClick={() => setBindOpen(true)} data-testid="process-bind">
          {formCode ? t('toolbar.boundTo', { form: summary.formName ? textOf(summary.formName, locale) : formCode }) : t('toolbar.bind')}
        </Button>
        <Space>
          <Switch
            checked={summary.enabled}
            loading={busy}
            onChange={(v) => void setEnabled(v)}
            aria-label={t('toolbar.enabled')}
            data-testid="process-enabled"
          />
          <span aria-hidden="true">{t(summary.enabled ? 'toolbar.enabled' : 'toolbar.disabled')}</span>
        </Space>
        <Button icon={<CopyOutlined />} onClick={() => setCopyOpen(true)} data-testid="process-copy">
          {t('toolbar.copy')}
        </Button>
      </div>
      {dry ? (
        <Alert
          type="success"
          showIcon
          title={t('dryRun.highlighted')}
          action={
            <Button size="small" onClick={() => setDry(null)} data-testid="process-dryrun-clear">
              {t('dryRun.clear')}
            </Button>
          }
        />
      ) : null}
      <div className="fw-pd-body">
        <ProcessCanvas store={store} locale={locale} problems={problems} path={path} names={names} onOpen={open} onRefused={refused} />
        {side !== 'none' ? (
          <aside className="fw-pd-side" data-testid="process-side">
            {side === 'problems' && lint ? (
              <ProblemsPanel problems={lint.problems} definition={lint.definition} locale={locale} onSelect={selectProblem} onClose={() => setSide('none')} />
            ) : null}
            {side === 'versions' ? <VersionsPanel api={api} code={code} locale={locale} draft={definition} refresh={versionsRefresh} /> : null}
            {side === 'dryRun' ? (
              <DryRunPanel
                api={api}
                definition={definition}
                formCode={formCode}
                locale={locale}
                processCode={code}
                beforeRun={() => autosave.flush()}
                onResult={setDry}
                onClose={() => {
                  setSide('none');
                }}
              />
            ) : null}
          </aside>
        ) : null}
      </div>
      <NodeDrawer
        definition={definition}
        nodeId={drawer?.nodeId ?? null}
        edgeId={drawer?.edgeId ?? null}
        formCode={formCode}
        api={api}
        problems={pointerProblems}
        dispatch={dispatch}
        onClose={() => {
          const id = drawer?.nodeId;
          setDrawer(null);
          // keyboard users are back on the node they opened
          if (id) requestAnimationFrame(() => pageRef.current?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`)?.focus());
        }}
        locale={locale}
      />
      <BindFormDialog
        api={api}
        code={code}
        current={formCode}
        locale={locale}
        open={bindOpen}
        onClose={() => setBindOpen(false)}
        onBound={(s) => {
          setSummary(s);
          autosave.draftVersion.current = s.draftVersion;
          message.success(s.formCode ? t('toolbar.bound') : t('toolbar.unbound'));
        }}
      />
      <CodeNameDialog
        api={api}
        locale={locale}
        open={copyOpen}
        from={{ code, name: definition.name }}
        onClose={() => setCopyOpen(false)}
        onDone={(s) => {
          message.success(t('list.copied', { code: s.code }));
          onOpenProcess?.(s.code);
        }}
      />
      <Modal
        open={autosave.state.kind === 'conflict'}
        title={t('toolbar.conflictTitle')}
        closable={false}
        mask={{ closable: false }}
        footer={[
          <Button key="reload" onClick={onReload} data-testid="process-conflict-reload">
            {t('toolbar.reload')}
          </Button>,
          <Button key="overwrite" danger type="primary" onClick={() => void overwrite()} data-testid="process-conflict-overwrite">
            {t('toolbar.overwrite')}
          </Button>,
        ]}
        data-testid="process-conflict"
      >
        {t('toolbar.conflictText')}
      </Modal>
    </div>
  );
}
