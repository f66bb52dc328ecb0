// The form designer page (/web/system/peiZhi/biaoDan/build?code=…): palette, 24-column canvas
// and property panel; linkage rules and formulas; the permission matrix; list settings; live
// preview; versions. Every edit is a designer/core command (undo/redo), the draft autosaves,
// and publishing validates, shows the diff against the last published version, then publishes.
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useDndMonitor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Spin, Tabs, Tooltip, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, RedoOutlined, ScissorOutlined, SnippetsOutlined, UndoOutlined } from '@ant-design/icons';
import { FORM_TYPES, TC, isTypeCode, typeInfo, validateDefinition, type FormDefinition } from '../../schemas';
import type { WidgetMeta } from '../../widgets/types';
import type { DesignerApi } from '../api';
import { DesignerStore, addField, after, columnsOf, diffDefinitions, getField, newDefinition, type DefinitionDiff, type DispatchResult } from '../core';
import { Canvas } from './Canvas';
import { DiffView } from './DiffView';
import { designerCollision, dropCommand, paletteCode } from './dnd';
import { textOf, useDesignerT } from './i18n';
import { ListSettingsEditor } from './ListSettingsEditor';
import { MissingTranslationsButton } from './MissingTranslations';
import { Palette } from './Palette';
import { PermissionMatrix } from './PermissionMatrix';
import { PreviewPane } from './PreviewPane';
import { errorText, PropertyPanel } from './PropertyPanel';
import { RulesEditor } from './RulesEditor';
import { useAutosave, type SaveState } from './useAutosave';
import { DesignerStoreContext, useDesignerState, useDesignerStore } from './useDesigner';
import { placeErrors } from './validationErrors';
import { VersionsPane } from './VersionsPane';
import { missingTranslations } from './translations';
import { metaDefaults, metaOptionLabels } from './widgetMetas';
import './designer.css';

/** The designer's tabs; a host may open one first (e.g. its list-settings route opens 'list'). */
export const DESIGNER_TABS = ['design', 'rules', 'permissions', 'list', 'preview', 'versions'] as const;
export type DesignerTab = (typeof DESIGNER_TABS)[number];

export interface FormDesignerPageProps {
  api: DesignerApi;
  /** the tab shown first (default 'design') */
  initialTab?: DesignerTab;
  /** the definition to edit; without it the page asks for a code and name and creates a draft */
  code?: string;
  /** called after a new form was created (the host updates its address to ?code=…) */
  onCreated?: (code: string) => void;
}

const isEditable = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.getAttribute('role') === 'combobox');

function SaveIndicator({ state, dirty }: { state: SaveState; dirty: boolean }) {
  const { t } = useDesignerT();
  const kind = state.kind === 'error' || state.kind === 'conflict' ? state.kind : state.kind === 'saving' ? 'saving' : dirty ? 'dirty' : 'saved';
  const text =
    kind === 'error'
      ? t('status.error', { msg: (state as { message: string }).message })
      : kind === 'conflict'
        ? t('status.conflict')
        : kind === 'saving'
          ? t('status.saving')
          : kind === 'dirty'
            ? t('status.dirty')
            : t('status.saved');
  return (
    <span className="fw-designer-status" data-state={kind} data-testid="save-status" role="status" aria-live="polite">
      {text}
    </span>
  );
}

const selectCanUndo = (s: { canUndo: boolean }) => s.canUndo;
const selectCanRedo = (s: { canRedo: boolean }) => s.canRedo;
const selectDirty = (s: { dirty: boolean }) => s.dirty;
const selectDef = (s: { definition: FormDefinition }) => s.definition;
const selectHasSelection = (s: { selection: readonly string[] }) => s.selection.length > 0;

function Toolbar({
  saveState,
  onValidate,
  onPublish,
  publishing,
  onDesign,
}: {
  saveState: SaveState;
  onValidate: () => void;
  onPublish: () => void;
  publishing: boolean;
  /** shows the design tab (a missing translation was picked) */
  onDesign?: () => void;
}) {
  const store = useDesignerStore();
  const { t, locale } = useDesignerT();
  const { message } = App.useApp();
  const canUndo = useDesignerState(selectCanUndo);
  const canRedo = useDesignerState(selectCanRedo);
  const dirty = useDesignerState(selectDirty);
  const def = useDesignerState(selectDef);
  const hasSelection = useDesignerState(selectHasSelection);
  const report = (r: DispatchResult) => {
    if (!r.ok) void message.error(errorText(t, r.error));
  };
  return (
    <div className="fw-designer-toolbar" role="toolbar" aria-label={t('toolbar.title')}>
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="designer-title">
        {textOf(def.name, locale)}
      </Typography.Title>
      <Typography.Text type="secondary">
        {def.code} · {def.version > 0 ? t('status.publishedVersion', { v: def.version }) : t('status.neverPublished')}
      </Typography.Text>
      <SaveIndicator state={saveState} dirty={dirty} />
      <Space.Compact style={{ marginLeft: 'auto' }}>
        <Tooltip title={t('toolbar.undo')}>
          <Button icon={<UndoOutlined />} aria-label={t('toolbar.undo')} data-testid="undo" disabled={!canUndo} onClick={() => store.undo()} />
        </Tooltip>
        <Tooltip title={t('toolbar.redo')}>
          <Button icon={<RedoOutlined />} aria-label={t('toolbar.redo')} data-testid="redo" disabled={!canRedo} onClick={() => store.redo()} />
        </Tooltip>
        <Tooltip title={t('toolbar.copy')}>
          <Button icon={<CopyOutlined />} aria-label={t('toolbar.copy')} disabled={!hasSelection} onClick={() => store.copy()} />
        </Tooltip>
        <Tooltip title={t('toolbar.cut')}>
          <Button icon={<ScissorOutlined />} aria-label={t('toolbar.cut')} disabled={!hasSelection} onClick={() => report(store.cut())} />
        </Tooltip>
        <Tooltip title={t('toolbar.paste')}>
          <Button icon={<SnippetsOutlined />} aria-label={t('toolbar.paste')} data-testid="paste" onClick={() => report(store.paste())} />
        </Tooltip>
        <Tooltip title={t('toolbar.delete')}>
          <Button icon={<DeleteOutlined />} aria-label={t('toolbar.delete')} disabled={!hasSelection} onClick={() => report(store.deleteSelection())} />
        </Tooltip>
      </Space.Compact>
      <MissingTranslationsButton onPick={onDesign} />
      <Button onClick={onValidate} data-testid="validate">
        {t('toolbar.validate')}
      </Button>
      <Button type="primary" onClick={onPublish} loading={publishing} data-testid="publish">
        {t('toolbar.publish')}
      </Button>
    </div>
  );
}

/** The dragged item's label under the pointer; its own state, so a drag's start and end draw nothing else. */
function DragPreview() {
  const store = useDesignerStore();
  const [activeId, setActiveId] = useState<string | null>(null);
  useDndMonitor({
    onDragStart: (e) => setActiveId(String(e.active.id)),
    onDragEnd: () => setActiveId(null),
    onDragCancel: () => setActiveId(null),
  });
  let label: string | null = null;
  if (activeId) {
    const code = paletteCode(activeId);
    if (code !== null) label = typeInfo(code).name['zh-CN'];
    else label = getField(store.getState().definition, activeId)?.label['zh-CN'] ?? null;
  }
  return <DragOverlay dropAnimation={null}>{label ? <div className="fw-designer-overlay">{label}</div> : null}</DragOverlay>;
}

// memoised panes: the design tab re-renders them only when their own props change
const PaletteMemo = memo(Palette);
const PropertyPanelMemo = memo(PropertyPanel);

const DesignTab = memo(function DesignTab({ errors }: { errors: Map<string, string[]> }) {
  const store = useDesignerStore();
  const { t } = useDesignerT();
  const { message } = App.useApp();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  const report = useCallback(
    (r: DispatchResult) => {
      if (!r.ok) void message.error(errorText(t, r.error));
    },
    [message, t],
  );

  const onAdd = useCallback(
    (meta: WidgetMeta) => {
      const s = store.getState();
      const anchor = s.selection[s.selection.length - 1];
      const anchorField = anchor ? getField(s.definition, anchor) : undefined;
      // a selected sub-form takes the new field as its last column (when the type may go there)
      const intoSubForm = anchorField?.type === TC.SUB_FORM && meta.code !== TC.SUB_FORM && meta.code !== TC.DIVIDER;
      const at = intoSubForm ? { parent: anchor, index: columnsOf(anchorField).length } : anchor ? after(s.definition, anchor) : undefined;
      report(store.dispatch(addField(meta.code, at)));
    },
    [store, report],
  );
  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      if (!e.over) return;
      const s = store.getState();
      const cmd = dropCommand(s.definition, String(e.active.id), String(e.over.id), s.selection);
      if (cmd) report(store.dispatch(cmd));
    },
    [store, report],
  );
  const accessibility = useMemo(
    () => ({
      announcements: {
        onDragStart: ({ active }: { active: { id: string | number } }) => t('dnd.start', { id: String(active.id) }),
        onDragOver: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
          over ? t('dnd.over', { id: String(active.id), over: String(over.id) }) : t('dnd.outside', { id: String(active.id) }),
        onDragEnd: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
          over ? t('dnd.end', { id: String(active.id), over: String(over.id) }) : t('dnd.cancel', { id: String(active.id) }),
        onDragCancel: ({ active }: { active: { id: string | number } }) => t('dnd.cancel', { id: String(active.id) }),
      },
      screenReaderInstructions: { draggable: t('dnd.instructions') },
    }),
    [t],
  );
  // the property panel is outside the drag-and-drop context: a drag's context changes never
  // walk its (large) tree
  return (
    <div className="fw-designer-body">
      <DndContext sensors={sensors} collisionDetection={designerCollision} onDragEnd={onDragEnd} accessibility={accessibility}>
        <PaletteMemo onAdd={onAdd} />
        <Canvas errors={errors} />
        <DragPreview />
      </DndContext>
      <PropertyPanelMemo />
    </div>
  );
});

const NO_PLACED = placeErrors({ fields: [] } as unknown as FormDefinition, []);

function DesignerWorkspace({
  api,
  published,
  loaded,
  onPublished,
  onReload,
  initialTab,
}: {
  api: DesignerApi;
  published: FormDefinition | null;
  /** the last load's draft version (a new object per load: the autosave starts from it again) */
  loaded: { draftVersion: number };
  onPublished: () => void;
  /** load the server's draft again, dropping this editor's unsaved changes */
  onReload: () => void;
  initialTab: DesignerTab;
}) {
  const store = useDesignerStore();
  const { t, locale } = useDesignerT();
  const { message, modal } = App.useApp();
  const autosave = useAutosave(store, api, loaded.draftVersion, true);
  const { state: saveState, flush, reset: resetAutosave } = autosave;
  useEffect(() => resetAutosave(loaded.draftVersion), [loaded, resetAutosave]);
  const [resolving, setResolving] = useState(false);
  /** after a 409: save this editor's copy over the other one (naming the server's current version) */
  const overwrite = async () => {
    setResolving(true);
    try {
      const fresh = await api.load(store.getState().definition.code);
      if (await autosave.overwrite(fresh.draftVersion)) void message.success(t('conflict.overwritten'));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setResolving(false);
    }
  };
  const definition = useDesignerState(selectDef);
  const [showErrors, setShowErrors] = useState(false);
  const [tab, setTab] = useState<string>(initialTab);
  const [publishing, setPublishing] = useState(false);
  const validation = useMemo(() => (showErrors ? validateDefinition(definition, locale) : null), [showErrors, definition, locale]);
  // no validation shown: the same empty map every time, so the design tab is not drawn again per edit
  const placed = useMemo(() => (validation ? placeErrors(definition, validation.errors) : NO_PLACED), [definition, validation]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (isEditable(e.target)) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    let r: DispatchResult | null = null;
    if (mod && key === 'z' && !e.shiftKey) store.undo();
    else if (mod && ((key === 'z' && e.shiftKey) || key === 'y')) store.redo();
    else if (mod && key === 'c') store.copy();
    else if (mod && key === 'x') r = store.cut();
    else if (mod && key === 'v') r = store.paste();
    else if (mod && key === 'a' && tab === 'design') store.selectAll();
    else if ((e.key === 'Delete' || e.key === 'Backspace') && store.getState().selection.length) r = store.deleteSelection();
    else if (e.key === 'Escape') store.clearSelection();
    else return;
    e.preventDefault();
    if (r && !r.ok) void message.error(errorText(t, r.error));
  };

  const onValidate = () => {
    setShowErrors(true);
    const v = validateDefinition(store.getState().definition, locale);
    if (v.valid) void message.success(t('publish.valid'));
    else void message.error(t('publish.invalid', { n: v.errors.length }));
  };

  const onPublish = async () => {
    setShowErrors(true);
    const def = store.getState().definition;
    const v = validateDefinition(def, locale);
    if (!v.valid) {
      setTab('design');
      void message.error(t('publish.invalid', { n: v.errors.length }));
      return;
    }
    if (!(await flush())) return;
    const base = published ?? { ...def, fields: [], rules: undefined, formulas: undefined, permissions: undefined, list: undefined };
    const diff: DefinitionDiff = diffDefinitions(base, def);
    const untranslated = missingTranslations(def, metaOptionLabels).length;
    modal.confirm({
      title: t('publish.confirmTitle'),
      width: 640,
      okText: t('toolbar.publish'),
      cancelText: t('common.cancel'),
      content: (
        <div data-testid="publish-diff">
          <Typography.Paragraph>{published ? t('publish.diffAgainst', { v: published.version }) : t('publish.firstVersion')}</Typography.Paragraph>
          <DiffView diff={diff} from={base} to={def} />
          {untranslated > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 8 }}
              data-testid="publish-untranslated"
              message={t('translations.publishWarning', { n: untranslated })}
            />
          )}
        </div>
      ),
      okButtonProps: { 'data-testid': 'publish-confirm' } as Record<string, string>,
      onOk: async () => {
        setPublishing(true);
        try {
          const { version } = await api.publish(def.code, autosave.draftVersion.current);
          store.markSaved();
          void message.success(t('publish.done', { v: version }));
          onPublished();
        } catch (e) {
          void message.error(e instanceof Error ? e.message : String(e));
        } finally {
          setPublishing(false);
        }
      },
    });
  };

  return (
    <div className="fw-designer" onKeyDown={onKeyDown} data-testid="form-designer">
      <Toolbar saveState={saveState} onValidate={onValidate} onPublish={() => void onPublish()} publishing={publishing} onDesign={() => setTab('design')} />
      {validation && !validation.valid && (
        <Alert
          type="error"
          showIcon
          data-testid="validation-errors"
          title={t('publish.invalid', { n: validation.errors.length })}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {validation.errors.slice(0, 20).map((e, i) => (
                <li key={i}>
                  <code>{e.path}</code> {e.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'design', label: t('tabs.design'), children: <DesignTab errors={placed.byPath} /> },
          { key: 'rules', label: t('tabs.rules'), children: <RulesEditor /> },
          { key: 'permissions', label: t('tabs.permissions'), children: <PermissionMatrix /> },
          { key: 'list', label: t('tabs.list'), children: <ListSettingsEditor /> },
          { key: 'preview', label: t('tabs.preview'), children: <PreviewPane /> },
          { key: 'versions', label: t('tabs.versions'), children: <VersionsPane api={api} /> },
        ]}
      />
      <Modal
        open={saveState.kind === 'conflict'}
        title={t('conflict.title')}
        closable={false}
        mask={{ closable: false }}
        destroyOnHidden
        data-testid="designer-conflict"
        footer={[
          <Button key="reload" onClick={onReload} disabled={resolving} data-testid="designer-conflict-reload">
            {t('conflict.reload')}
          </Button>,
          <Button key="overwrite" danger type="primary" loading={resolving} onClick={() => void overwrite()} data-testid="designer-conflict-overwrite">
            {t('conflict.overwrite')}
          </Button>,
        ]}
      >
        {t('conflict.text')}
      </Modal>
    </div>
  );
}

function CreateForm({ api, onCreated }: { api: DesignerApi; onCreated: (def: FormDefinition) => void }) {
  const { t, locale } = useDesignerT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      layout="vertical"
      style={{ maxWidth: 480 }}
      data-testid="create-form"
      initialValues={{ formType: FORM_TYPES.EXPENSE_APPLICATION.code }}
      onFinish={async (v: { code: string; name: string; formType: number }) => {
        setBusy(true);
        setError(null);
        try {
          const def = newDefinition(v.code, { 'zh-CN': v.name }, v.formType);
          // draftVersion 0: only a new code (an existing form is never overwritten from here)
          const res = await api.saveDraft(def, 0);
          onCreated({ ...def, code: res.code });
        } catch (e) {
          setError(e instanceof Error ? e.message : String(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Title level={4}>{t('create.title')}</Typography.Title>
      <Form.Item
        name="code"
        label={t('form.code')}
        rules={[
          { required: true, message: t('create.codeRequired') },
          { pattern: /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/, message: t('create.codePattern') },
        ]}
      >
        <Input data-testid="create-code" />
      </Form.Item>
      <Form.Item name="name" label={t('form.name')} rules={[{ required: true, message: t('create.nameRequired') }, { max: 200 }]}>
        <Input data-testid="create-name" />
      </Form.Item>
      <Form.Item name="formType" label={t('form.formType')}>
        <Select options={Object.values(FORM_TYPES).map((ft) => ({ value: ft.code, label: `${ft.name[locale]} (${ft.code})` }))} />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="create-submit">
        {t('create.submit')}
      </Button>
    </Form>
  );
}

export function FormDesignerPage({ api, code, onCreated, initialTab = 'design' }: FormDesignerPageProps) {
  const { t } = useDesignerT();
  const [store, setStore] = useState<DesignerStore | null>(null);
  const [published, setPublished] = useState<FormDefinition | null>(null);
  const [loaded, setLoaded] = useState<{ draftVersion: number }>({ draftVersion: 0 });
  const [error, setError] = useState<string | null>(null);
  const [currentCode, setCurrentCode] = useState(code);
  const loadSeq = useRef(0);

  /** Load the form; `keepHistory` (after publishing): the undo history is rebased onto the server's copy, not cleared. */
  const load = useCallback(
    async (c: string, keepHistory = false) => {
      const seq = ++loadSeq.current;
      setError(null);
      try {
        const init = await api.load(c);
        if (seq !== loadSeq.current) return;
        const def = init.draft ?? init.published;
        if (!def) throw new Error(t('load.notFound', { code: c }));
        setPublished(init.published);
        setLoaded({ draftVersion: init.draftVersion });
        setStore((prev) => {
          if (prev && prev.getState().definition.code === def.code) {
            if (keepHistory) prev.rebase(def);
            else prev.reset(def);
            return prev;
          }
          return new DesignerStore(def, { defaults: (tc) => (isTypeCode(tc) ? metaDefaults(tc) : undefined) });
        });
      } catch (e) {
        if (seq === loadSeq.current) setError(e instanceof Error ? e.message : String(e));
      }
    },
    [api, t],
  );

  useEffect(() => {
    setCurrentCode(code);
  }, [code]);
  useEffect(() => {
    if (currentCode) void load(currentCode);
  }, [currentCode, load]);

  if (!currentCode) {
    return (
      <CreateForm
        api={api}
        onCreated={(def) => {
          setCurrentCode(def.code);
          onCreated?.(def.code);
        }}
      />
    );
  }
  if (error) return <Alert type="error" showIcon title={error} data-testid="designer-load-error" />;
  if (!store) return <Spin />;
  return (
    <DesignerStoreContext.Provider value={store}>
      <DesignerWorkspace
        api={api}
        published={published}
        loaded={loaded}
        onPublished={() => void load(currentCode, true)}
        onReload={() => void load(currentCode)}
        initialTab={initialTab}
      />
    </DesignerStoreContext.Provider>
  );
}

export default FormDesignerPage;
