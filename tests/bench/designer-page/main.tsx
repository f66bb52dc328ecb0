// The page `npm run bench:designer` loads: ?n=<fields> opens the form designer (the real
// FormDesignerPage, on the in-memory DesignerApi) on a definition of n fields; the bench drags
// fields on its canvas with the pointer. window.__ready turns true once the canvas shows them.
import { createRoot } from 'react-dom/client';
import { App } from 'antd';
import { DEFINITION_SCHEMA_VERSION, TC, type FieldDefinition, type FormDefinition } from '../../../schemas';
import { FormDesignerPage } from '../../../designer/form/FormDesignerPage';
import { MemoryDesignerApi } from '../../../designer/form/testing/memoryApi';

declare global {
  interface Window {
    __ready?: boolean;
  }
}

const n = Number(new URLSearchParams(location.search).get('n') ?? 300);

/** n main fields: text, amount, number, date and long-text fields, half and full width, a sub-form every 60. */
export function benchDefinition(count: number): FormDefinition {
  const types = [TC.TEXT, TC.DECIMAL, TC.INTEGER, TC.DATE, TC.TEXTAREA] as const;
  const fields: FieldDefinition[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 60 === 59) {
      fields.push({
        key: `detail${i}`,
        type: TC.SUB_FORM,
        label: { 'zh-CN': `明细${i}` },
        width: 24,
        fields: [
          { key: 'item', type: TC.TEXT, label: { 'zh-CN': '项目' } },
          { key: 'qty', type: TC.INTEGER, label: { 'zh-CN': '数量' } },
          { key: 'amount', type: TC.DECIMAL, label: { 'zh-CN': '金额' }, precision: 2 },
        ],
      });
      continue;
    }
    const type = types[i % types.length];
    fields.push({
      key: `f${i}`,
      type,
      label: { 'zh-CN': `字段${i}` },
      width: type === TC.TEXTAREA ? 24 : 12,
      ...(type === TC.DECIMAL ? { precision: 2 } : {}),
    });
  }
  return { schemaVersion: DEFINITION_SCHEMA_VERSION, code: 'designerBench', name: { 'zh-CN': `设计器基准 ${count}` }, version: 0, formType: 0, fields };
}

const api = new MemoryDesignerApi().seed(benchDefinition(n));

createRoot(document.getElementById('root')!).render(
  <App>
    <FormDesignerPage api={api} code="designerBench" />
  </App>,
);

const poll = () => {
  if (document.querySelectorAll('.fw-designer-grid > [data-testid^="canvas-field-"]').length === n) window.__ready = true;
  else requestAnimationFrame(poll);
};
requestAnimationFrame(poll);
