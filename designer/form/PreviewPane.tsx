// Live preview of the form in every mode 0–4 (and per approval node for 3 and 4) with sample
// data. The fields are drawn by the widget registry's FieldRenderer with the runtime engine's
// mode and permission rules (runtime/engine baseStateOf).
import { useMemo, useState } from 'react';
import { Input, Row, Segmented, Space, Typography } from 'antd';
import { FORM_MODE_CODES, FORM_MODE_NAMES, FORM_MODES, type FormMode } from '../../schemas';
import { baseStateOf } from '../../runtime/engine';
import { FieldRenderer } from '../../widgets/FieldRenderer';
import { textOf, useDesignerT } from './i18n';
import { sampleData } from './sampleData';
import { useDefinition } from './useDesigner';

const VIEW_MODES: ReadonlySet<FormMode> = new Set([FORM_MODES.VIEW, FORM_MODES.APPROVE]);

export function PreviewPane() {
  const { t, locale } = useDesignerT();
  const def = useDefinition();
  const [mode, setMode] = useState<FormMode>(FORM_MODES.ADD);
  const [node, setNode] = useState('');
  const initial = useMemo(() => (mode === FORM_MODES.ADD ? {} : sampleData(def)), [def, mode]);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [valuesFor, setValuesFor] = useState<unknown>(null);
  if (valuesFor !== initial) {
    setValuesFor(initial);
    setValues(initial);
  }
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
          <Input size="small" style={{ width: 180 }} placeholder={t('permissions.nodeId')} aria-label={t('permissions.nodeId')} value={node} onChange={(e) => setNode(e.target.value.trim())} />
        )}
      </Space>
      <Typography.Title level={4}>{textOf(def.name, locale)}</Typography.Title>
      <Row gutter={[16, 0]}>
        {def.fields.map((f) => {
          const s = baseStateOf(def, mode, node || undefined, f);
          if (!s.visible) return null;
          return (
            <FieldRenderer
              key={f.key}
              field={f}
              locale={locale}
              services={{}}
              value={values[f.key]}
              onChange={(v) => setValues((prev) => ({ ...prev, [f.key]: v }))}
              view={VIEW_MODES.has(mode) && !s.canEdit}
              readOnly={!s.canEdit}
              required={s.required}
            />
          );
        })}
      </Row>
    </div>
  );
}
