// A generated form (issue 17: "the form, a detail table and a list at 360 px beside the desktop
// width"): an expense application with the system header, half-row and full-row fields, a select,
// a picker, a date range, an attachment and a detail table, in mode 0 (add), 2 (view) and 3
// (approve, with the approval header and the node's editable fields). Each story at the desktop
// width and at the phone's (the `phone360` viewport of .storybook/preview.tsx): one column, every
// field across the row, the detail rows as cards. tests/e2e/storybook-phone.spec.ts opens the
// phone stories of the built Storybook at 360 × 740 and measures them.
import { useMemo } from 'react';
import { Button } from 'antd';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FORM_MODES, TC, type FormDefinition, type FormMode } from '../../schemas';
import type { FormRecord } from '../engine';
import { expenseDefinition } from '../engine/fixtures/expense';
import { FIXTURE_FILES, fixtureServices, fixtureValue } from '../../widgets/testing/fixtures';
import { useStoryLocale } from '../../widgets/testing/WidgetStory';
import { DefinitionForm } from './DefinitionForm';

const t = (zh: string, en: string, tw: string) => ({ 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });

/** The engine's expense fixture with the field types a real application has besides. */
function storyDefinition(): FormDefinition {
  const base = expenseDefinition();
  const fields = base.fields.flatMap((f) => {
    if (f.key === 'category' || f.key === 'dealer' || f.key === 'startDate' || f.key === 'endDate' || f.key === 'dayCount')
      return [{ ...f, width: 12 as const }];
    if (f.key === 'remark')
      return [
        { key: 'period', type: TC.DATE, label: t('活动期间', 'Activity period', '活動期間'), range: true, width: 12 as const },
        { key: 'payee', type: TC.TEXT, label: t('收款人', 'Payee', '收款人'), width: 12 as const },
        { key: 'files', type: TC.ATTACHMENT, label: t('附件', 'Attachments', '附件'), width: 24 as const },
        { ...f, width: 24 as const },
      ];
    return [f];
  });
  return { ...base, fields };
}

const user = { id: '1000000000000000001', name: '张伟', departmentName: '华东大区市场部', mobile: '13800000000' };

const RECORD: FormRecord = {
  id: '1000000000000000501',
  number: 'FYSQ2026112600012',
  version: 3,
  shenPiZhuangTai: '1',
  rowCreateId: user.id,
  rowCreateName: user.name,
  rowCreateDate: '2026-11-26 09:12:00',
  data: {
    subject: '11 月华东区经销商陈列活动费用',
    category: 'travel',
    dealer: fixtureValue('dealerConnTable', 0),
    startDate: '2026-11-03',
    endDate: '2026-11-06',
    dayCount: 4,
    period: ['2026-11-03', '2026-11-06'],
    payee: '上海陈列服务有限公司',
    files: FIXTURE_FILES.slice(0, 2),
    detail: [
      { item: '陈列架租赁', qty: '12', price: '180.00', amount: '2160.00' },
      { item: '门店海报印刷', qty: '300', price: '2.50', amount: '750.00' },
      { item: '差旅住宿（上海—苏州）', qty: '4', price: '420.00', amount: '1680.00' },
    ],
    total: '4590.00',
    remark: '活动结束后 10 个工作日内提交核销材料；陈列照片见附件。',
  },
} as FormRecord;

interface FormStoryProps {
  mode: FormMode;
  record?: FormRecord | null;
  /** mode 3: the approval node whose permissions apply */
  node?: { id: string; name: string } | null;
}

function FormStory({ mode, record, node }: FormStoryProps) {
  const locale = useStoryLocale();
  const definition = useMemo(storyDefinition, []);
  const services = useMemo(() => fixtureServices({ latencyMs: 150, uploadStepMs: 150 }), []);
  return (
    <DefinitionForm
      key={`${locale}-${mode}`}
      definition={definition}
      mode={mode}
      record={record ?? null}
      node={node ?? null}
      user={user}
      locale={locale}
      services={services}
      onSubmit={() => {}}
      onSaveDraft={mode === FORM_MODES.ADD ? () => {} : undefined}
      onCancel={() => {}}
      approvalActions={
        mode === FORM_MODES.APPROVE
          ? (ctx) => (
              <Button type="primary" onClick={() => ctx.validate()}>
                同意
              </Button>
            )
          : undefined
      }
    />
  );
}

const meta = {
  title: 'Runtime/Generated form',
  component: FormStory,
  args: { mode: FORM_MODES.ADD },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FormStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A phone's width (issue 17): the `phone360` viewport of .storybook/preview.tsx. */
const phone = { globals: { viewport: { value: 'phone360', isRotated: false } } };

/** Mode 0 (add): the system header, the half-row fields two to a row, the detail table. */
export const Add: Story = {};
/** Mode 0 at 360 px: one column, every field across the row, the detail rows as cards. */
export const AddPhone360: Story = { ...phone };
/** Mode 2 (view): a saved application, every field its read-only view. */
export const View: Story = { args: { mode: FORM_MODES.VIEW, record: RECORD } };
/** Mode 2 at 360 px: values wrap, the detail rows are cards without actions. */
export const ViewPhone360: Story = { ...phone, args: View.args };
/** Mode 3 (approve) at the finance node: the approval header, the approver's note and the approved amounts editable. */
export const Approve: Story = { args: { mode: FORM_MODES.APPROVE, record: RECORD, node: { id: 'finance', name: '财务审批' } } };
/** Mode 3 at 360 px: the approval fields in one column, the approved amount on each card. */
export const ApprovePhone360: Story = { ...phone, args: Approve.args };
