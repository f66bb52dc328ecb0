// Live preview of the form in every mode 0–4 (and per approval node for 3 and 4) with sample
// data, rendered by the real runtime (runtime's DefinitionForm). The preview is rebuilt for
// each edit of the definition; submitting only shows what would be saved.
import { useMemo, useState } from 'react';
import { App, Input, Segmented, Space } from 'antd';
import { FORM_MODE_CODES, FORM_MODE_NAMES, FORM_MODES, type FormDefinition, type FormMode } from '../../schemas';
import { DefinitionForm, type FormRecord, type SavePayload, type SessionUser } from '../../runtime';
import type { WidgetServices } from '../../widgets/types';
import { useDesignerT } from './i18n';
import { sampleData } from './sampleData';
import { useDefinition } from './useDesigner';

export const PREVIEW_USER: SessionUser = { id: 'preview', name: '张伟', departmentName: '华东销售部', mobile: '13800000000' };

/** A sample record of the definition (modes 1–4 open an existing record). */
export function sampleRecord(def: FormDefinition): FormRecord {
  return {
    id: '1000000000000000001',
    number: 'FW202611220001',
    title: def.name['zh-CN'],
    isYouXiao: '1',
    rowCreateId: PREVIEW_USER.id,
    rowCreateName: PREVIEW_USER.name,
    rowCreateBuMenName: PREVIEW_USER.departmentName,
    rowCreateDate: '2026-11-22 09:00:00',
    rowModDate: '2026-11-22 09:30:00',
    shenPiZhuangTai: '1',
    stateName: '部门经理审批',
    formCode: def.code,
    definitionVersion: def.version,
    version: 1,
    data: sampleData(def),
  };
}

export function PreviewPane({ services }: { services?: WidgetServices }) {
  const { t, locale } = useDesignerT();
  const { message } = App.useApp();
  const def = useDefinition();
  const [mode, setMode] = useState<FormMode>(FORM_MODES.ADD);
  const [node, setNode] = useState('');
  const record = useMemo(() => (mode === FORM_MODES.ADD ? null : sampleRecord(def)), [def, mode]);
  const show = (p: SavePayload) => {
    void message.info(t('preview.wouldSave', { n: Object.keys(p.data).length }));
  };
  const nodeRef = node && (mode === FORM_MODES.APPROVE || mode === FORM_MODES.MODIFY_ON_RETURN) ? { id: node } : null;
  return (
    <div data-testid="designer-preview" data-mode={mode}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<FormMode>
          value={mode}
          onChange={setMode}
          options={FORM_MODE_CODES.map((m) => ({ value: m, label: `${FORM_MODE_NAMES[m][locale]} (${m})` }))}
          data-testid="preview-modes"
        />
        {(mode === FORM_MODES.APPROVE || mode === FORM_MODES.MODIFY_ON_RETURN) && (
          <Input
            size="small"
            style={{ width: 180 }}
            placeholder={t('permissions.nodeId')}
            aria-label={t('permissions.nodeId')}
            value={node}
            onChange={(e) => setNode(e.target.value.trim())}
          />
        )}
      </Space>
      <DefinitionForm
        key={`${mode}:${node}`}
        definition={def}
        mode={mode}
        record={record}
        user={PREVIEW_USER}
        node={nodeRef}
        services={services ?? {}}
        locale={locale}
        onSubmit={show}
        onSaveDraft={show}
      />
    </div>
  );
}
