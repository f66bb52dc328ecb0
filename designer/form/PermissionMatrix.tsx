// The permission matrix: one row per field (down to sub-form columns), one column per form
// mode 0–4 and per approval node. A cell is the explicit permission or empty (the mode's
// default). Native selects keep 300 rows × n columns light.
import { memo, useState } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { FIELD_PERMISSIONS, FORM_MODE_NAMES, type FieldPermission, type FormDefinition, type FormMode, type Locale } from '../../schemas';
import { getField, permissionCell, permissionRows, permissionScopes, scopeId, setPermission, setPermissions, type PermissionScope } from '../core';
import { textOf, useDesignerT, type DesignerT } from './i18n';
import { useDefinition, useDesignerStore } from './useDesigner';

function scopeLabel(scope: PermissionScope, t: DesignerT, locale: Locale): string {
  if (scope.kind === 'mode') return `${FORM_MODE_NAMES[Number(scope.id) as FormMode][locale]} (${scope.id})`;
  return t('permissions.node', { id: scope.id });
}

const PermissionSelect = memo(function PermissionSelect({
  value,
  label,
  onChange,
  t,
  testId,
}: {
  value: FieldPermission | undefined;
  label: string;
  onChange: (v: FieldPermission | undefined) => void;
  t: DesignerT;
  testId: string;
}) {
  return (
    <select
      aria-label={label}
      data-testid={testId}
      value={value ?? ''}
      onChange={(e) => onChange((e.target.value || undefined) as FieldPermission | undefined)}
    >
      <option value="">{t('permissions.default')}</option>
      {FIELD_PERMISSIONS.map((p) => (
        <option key={p} value={p}>
          {t(`permissions.values.${p}`)}
        </option>
      ))}
    </select>
  );
});

/** `only`: draw just these columns (the process designer's drawer shows one node's column) and no "add node". */
export function PermissionMatrix({ nodeIds = [], only }: { nodeIds?: string[]; only?: PermissionScope[] }) {
  const store = useDesignerStore();
  const { t, locale } = useDesignerT();
  const def: FormDefinition = useDefinition();
  const [extraNodes, setExtraNodes] = useState<string[]>([]);
  const [newNode, setNewNode] = useState('');
  const rows = permissionRows(def);
  const scopes = only ?? permissionScopes(def, [...nodeIds, ...extraNodes]);
  return (
    <div data-testid="permission-matrix">
      <Typography.Paragraph type="secondary">{t('permissions.help')}</Typography.Paragraph>
      <Space style={{ marginBottom: 8, display: only ? 'none' : undefined }}>
        <Input
          size="small"
          placeholder={t('permissions.nodeId')}
          aria-label={t('permissions.nodeId')}
          value={newNode}
          onChange={(e) => setNewNode(e.target.value.trim())}
          maxLength={64}
        />
        <Button
          size="small"
          disabled={!newNode || scopes.some((s) => s.kind === 'node' && s.id === newNode)}
          onClick={() => {
            setExtraNodes([...extraNodes, newNode]);
            setNewNode('');
          }}
        >
          {t('permissions.addNode')}
        </Button>
      </Space>
      <div style={{ overflow: 'auto', maxHeight: 'calc(100vh - 260px)' }}>
        <table className="fw-designer-matrix">
          <thead>
            <tr>
              <th scope="col">{t('permissions.field')}</th>
              {scopes.map((s) => (
                <th key={scopeId(s)} scope="col">
                  <div>{scopeLabel(s, t, locale)}</div>
                  <PermissionSelect
                    t={t}
                    testId={`perm-all-${scopeId(s)}`}
                    label={t('permissions.setColumn', { scope: scopeLabel(s, t, locale) })}
                    value={undefined}
                    onChange={(v) => store.dispatch(setPermissions(s, Object.fromEntries(rows.map((r) => [r.path, v]))))}
                  />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const f = getField(def, r.path)!;
              const label = textOf(f.label, locale);
              return (
                <tr key={r.path}>
                  <th scope="row" style={{ paddingLeft: r.depth ? 24 : 6, fontWeight: r.depth ? 400 : 500 }}>
                    {label} <Typography.Text type="secondary">{r.path}</Typography.Text>
                  </th>
                  {scopes.map((s) => (
                    <td key={scopeId(s)}>
                      <PermissionSelect
                        t={t}
                        testId={`perm-${scopeId(s)}-${r.path}`}
                        label={`${label} ${scopeLabel(s, t, locale)}`}
                        value={permissionCell(def, s, r.path)}
                        onChange={(v) => store.dispatch(setPermission(s, r.path, v))}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
