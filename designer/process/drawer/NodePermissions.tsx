// The node's field permissions: the form designer's permission matrix (designer/form/
// PermissionMatrix.tsx, over a DesignerStore of the bound form's draft) showing only this node's
// column, sub-form columns included. Edits are the form designer's commands (undo included) on
// the form's draft; "save" writes the draft through the form designer's API (saveDraft).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { DesignerStore } from '../../core/designerStore';
import { PermissionMatrix } from '../../form/PermissionMatrix';
import { DesignerStoreContext } from '../../form/useDesigner';
import type { ProcessDrawerApi } from './api';
import { errorMessage, useDrawer } from './context';

export type PermissionStoreState =
  { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; store: DesignerStore };

/** The bound form's draft as a DesignerStore, loaded once per form (edits survive switching nodes). */
export function usePermissionStore(api: ProcessDrawerApi, formCode: string | null, enabled: boolean): { state: PermissionStoreState; reload: () => void } {
  const [state, setState] = useState<{ code: string | null; attempt: number; value: PermissionStoreState }>({
    code: null,
    attempt: 0,
    value: { status: 'idle' },
  });
  const [attempt, setAttempt] = useState(0);
  const want = enabled && formCode ? formCode : null;
  const have = state.code === want && state.attempt === attempt;
  useEffect(() => {
    if (!want || have) return;
    let live = true;
    setState({ code: want, attempt, value: { status: 'loading' } });
    api
      .formDefinition(want)
      .then((def) => live && setState({ code: want, attempt, value: { status: 'ready', store: new DesignerStore(def) } }))
      .catch((e: unknown) => live && setState({ code: want, attempt, value: { status: 'error', message: errorMessage(e) } }));
    return () => {
      live = false;
    };
    // `have` is derived from the state this effect sets
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, want, attempt]);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  if (!want) return { state: { status: 'idle' }, reload };
  return { state: have ? state.value : { status: 'loading' }, reload };
}

function useStoreFlags(store: DesignerStore) {
  const dirty = useSyncExternalStore(store.subscribe, () => store.getState().dirty);
  const canUndo = useSyncExternalStore(store.subscribe, () => store.getState().canUndo);
  return { dirty, canUndo };
}

function Matrix({ store, nodeId }: { store: DesignerStore; nodeId: string }) {
  const { t, api } = useDrawer();
  const { dirty, canUndo } = useStoreFlags(store);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const canSave = !!api.saveFormPermissions;
  const save = async () => {
    if (!api.saveFormPermissions) return;
    const def = store.getState().definition;
    setSaving(true);
    setError(null);
    try {
      const res = await api.saveFormPermissions(def);
      store.markSaved(def);
      setSavedAt(res.savedAt);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div data-testid="node-permissions" data-dirty={dirty}>
      <Typography.Paragraph type="secondary">{t('permissions.hint')}</Typography.Paragraph>
      {!canSave && <Alert type="info" showIcon title={t('permissions.readOnly')} style={{ marginBottom: 8 }} />}
      <fieldset disabled={!canSave || saving} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <DesignerStoreContext.Provider value={store}>
          <PermissionMatrix only={[{ kind: 'node', id: nodeId }]} />
        </DesignerStoreContext.Provider>
      </fieldset>
      {canSave && (
        <Space style={{ marginTop: 8 }} wrap>
          <Button type="primary" icon={<SaveOutlined />} data-testid="permissions-save" disabled={!dirty} loading={saving} onClick={() => void save()}>
            {t('permissions.save')}
          </Button>
          <Button icon={<UndoOutlined />} data-testid="permissions-undo" disabled={!canUndo || saving} onClick={() => store.undo()}>
            {t('permissions.undo')}
          </Button>
          <Typography.Text type={dirty ? 'warning' : 'secondary'} data-testid="permissions-status">
            {dirty ? t('permissions.unsaved') : savedAt ? t('permissions.saved') : t('permissions.upToDate')}
          </Typography.Text>
        </Space>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} data-testid="permissions-error" />}
    </div>
  );
}

export function NodePermissions({ state, reload, nodeId }: { state: PermissionStoreState; reload: () => void; nodeId: string }) {
  const { t, formCode } = useDrawer();
  if (!formCode) return <Alert type="info" showIcon title={t('permissions.noForm')} />;
  if (state.status === 'ready') return <Matrix store={state.store} nodeId={nodeId} />;
  if (state.status === 'error')
    return (
      <Alert
        type="error"
        showIcon
        title={state.message}
        data-testid="permissions-load-error"
        action={
          <Button size="small" onClick={reload}>
            {t('drawer.retry')}
          </Button>
        }
      />
    );
  return <Typography.Text type="secondary">{t('drawer.loading')}</Typography.Text>;
}
