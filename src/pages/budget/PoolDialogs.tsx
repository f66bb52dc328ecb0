// The budget pool dialogs: create/edit a pool (dimensions, amount, control mode and tolerance;
// the server answers field errors shown on their fields, a stale version as a message), and
// change / transfer / allocate an amount with a memo. Amounts stay text (at most two decimals).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Form, Input, Modal, Radio, Select, Spin, Typography } from 'antd';
import { ApiError } from '../../api/client';
import type { BudgetApi, Option, PoolForm, PoolRow } from '../../api/budgetApi';
import { fieldErrorsOf, isAmountText, messageOf, money } from './poolModel';

type DimKey = 'fiscalYearId' | 'departmentId' | 'channelId' | 'subjectId';

interface EditValues {
  code: string;
  name: string;
  fiscalYearId?: string;
  departmentId?: string;
  channelId?: string;
  subjectId?: string;
  amount: string;
  controlMode: 'hard' | 'soft' | 'none';
  tolerancePct?: string;
  memo?: string;
}

export function PoolEditModal({
  api,
  id,
  options,
  onClose,
  onSaved,
}: {
  api: BudgetApi;
  id?: string;
  options: Partial<Record<DimKey, Option[]>>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('app');
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const [init, setInit] = useState<PoolForm | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const mode = Form.useWatch('controlMode', form);

  useEffect(() => {
    api.editInit(id).then(
      (f) => {
        setInit(f);
        form.setFieldsValue({
          code: f.code,
          name: f.name,
          fiscalYearId: f.fiscalYearId ?? undefined,
          departmentId: f.departmentId ?? undefined,
          channelId: f.channelId ?? undefined,
          subjectId: f.subjectId ?? undefined,
          amount: f.amount,
          controlMode: f.controlMode,
          tolerancePct: f.tolerancePct ?? undefined,
        });
      },
      (e: unknown) => setFailure(messageOf(e)),
    );
  }, [api, id, form]);

  const submit = async () => {
    // the form shows its own field errors: nothing more to do when they stand
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setFailure(null);
    try {
      await api.save({
        ...(init?.id ? { id: init.id, version: init.version } : {}),
        code: v.code.trim(),
        name: v.name.trim(),
        fiscalYearId: v.fiscalYearId ?? null,
        departmentId: v.departmentId ?? null,
        channelId: v.channelId ?? null,
        subjectId: v.subjectId ?? null,
        amount: v.amount.trim(),
        controlMode: v.controlMode,
        tolerancePct: v.controlMode === 'soft' && v.tolerancePct ? v.tolerancePct.trim() : null,
        ...(v.memo?.trim() ? { memo: v.memo.trim() } : {}),
      });
      void message.success(t('budget.saved'));
      onSaved();
    } catch (e) {
      const fields = fieldErrorsOf(e).filter((f) =>
        ['code', 'name', 'amount', 'controlMode', 'tolerancePct', 'fiscalYearId', 'departmentId', 'channelId', 'subjectId'].includes(f.name),
      );
      if (fields.length) form.setFields(fields as never);
      else if (!(e instanceof ApiError && e.handled)) setFailure(messageOf(e));
    } finally {
      setSaving(false);
    }
  };

  const dim = (key: DimKey) => (
    <Form.Item name={key} label={t(`budget.filter.${key}`)}>
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={options[key] ?? []} data-testid={`pool-form-${key}`} />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={t(id ? 'budget.editTitle' : 'budget.createTitle')}
      okText={t('budget.save')}
      cancelText={t('budget.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      width={640}
      data-testid="pool-edit-modal"
      okButtonProps={{ disabled: !init, 'data-testid': 'pool-form-save' } as never}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {!init && !failure ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item name="code" label={t('budget.col.code')} rules={[{ required: true, whitespace: true, message: t('budget.required') }]}>
            <Input maxLength={64} data-testid="pool-form-code" />
          </Form.Item>
          <Form.Item name="name" label={t('budget.col.name')} rules={[{ required: true, whitespace: true, message: t('budget.required') }]}>
            <Input maxLength={200} data-testid="pool-form-name" />
          </Form.Item>
          {dim('fiscalYearId')}
          {dim('departmentId')}
          {dim('channelId')}
          {dim('subjectId')}
          <Form.Item
            name="amount"
            label={t('budget.col.amount')}
            extra={init?.id ? t('budget.amountHint', { occupied: money(init.occupied), consumed: money(init.consumed) }) : undefined}
            rules={[
              { required: true, validator: async (_, v: string) => (isAmountText(v ?? '') ? undefined : Promise.reject(new Error(t('budget.amountInvalid')))) },
            ]}
          >
            <Input inputMode="decimal" data-testid="pool-form-amount" />
          </Form.Item>
          <Form.Item name="controlMode" label={t('budget.col.control')} rules={[{ required: true }]}>
            <Radio.Group
              options={(['hard', 'soft', 'none'] as const).map((m) => ({ value: m, label: t(`budget.control.${m}`) }))}
              optionType="button"
              data-testid="pool-form-control"
            />
          </Form.Item>
          {mode === 'soft' && (
            <Form.Item
              name="tolerancePct"
              label={t('budget.tolerance')}
              extra={t('budget.toleranceHint')}
              rules={[
                {
                  validator: async (_, v?: string) =>
                    !v || /^\d{1,3}(\.\d{1,2})?$/.test(v.trim()) ? undefined : Promise.reject(new Error(t('budget.toleranceInvalid'))),
                },
              ]}
            >
              <Input inputMode="decimal" suffix="%" data-testid="pool-form-tolerance" />
            </Form.Item>
          )}
          {init?.id && (
            <Form.Item name="memo" label={t('budget.memo')}>
              <Input maxLength={500} />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}

export type MoveKind = 'change' | 'transfer' | 'allocate';

export function MoveDialog({ api, kind, pool, onClose, onDone }: { api: BudgetApi; kind: MoveKind; pool: PoolRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('app');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: string; memo: string; other?: string }>();
  const [others, setOthers] = useState<Option[] | null>(kind === 'change' ? [] : null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (kind === 'change') return;
    api.list({ enabled: '1' }, 1, 100).then(
      (p) =>
        setOthers(
          p.rows
            .filter((r) => r.id !== pool.id)
            .map((r) => ({ value: r.id, label: `${r.code} ${r.name}（${t('budget.col.available')} ${money(r.available)}）` })),
        ),
      (e: unknown) => setFailure(messageOf(e)),
    );
  }, [api, kind, pool.id, t]);

  const submit = async () => {
    // the form shows its own field errors: nothing more to do when they stand
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setFailure(null);
    try {
      if (kind === 'change') await api.change(pool.id, v.amount.trim(), v.memo.trim());
      else if (kind === 'transfer') await api.transfer(pool.id, v.other!, v.amount.trim(), v.memo.trim());
      else await api.allocate(pool.id, v.other!, v.amount.trim(), v.memo.trim());
      void message.success(t('budget.moved'));
      onDone();
    } catch (e) {
      const fields = fieldErrorsOf(e)
        .map((f) => ({ ...f, name: ['toPoolId', 'childPoolId'].includes(f.name) ? 'other' : f.name }))
        .filter((f) => ['amount', 'memo', 'other'].includes(f.name));
      if (fields.length) form.setFields(fields as never);
      else if (!(e instanceof ApiError && e.handled)) setFailure(messageOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(`budget.${kind}Title`, { name: pool.name })}
      okText={t('budget.confirm')}
      cancelText={t('budget.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      data-testid={`pool-${kind}-modal`}
      okButtonProps={{ 'data-testid': 'pool-move-ok' } as never}
    >
      <Typography.Paragraph type="secondary">{t('budget.availableNow', { available: money(pool.available) })}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="pool-move-error" />}
      <Form form={form} layout="vertical">
        {kind !== 'change' && (
          <Form.Item
            name="other"
            label={t(kind === 'transfer' ? 'budget.toPool' : 'budget.childPool')}
            rules={[{ required: true, message: t('budget.required') }]}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} loading={!others} options={others ?? []} data-testid="pool-move-other" />
          </Form.Item>
        )}
        <Form.Item
          name="amount"
          label={t(kind === 'change' ? 'budget.changeAmount' : 'budget.moveAmount')}
          extra={kind === 'change' ? t('budget.changeHint') : undefined}
          rules={[
            {
              required: true,
              validator: async (_, v?: string) => (isAmountText(v ?? '', kind === 'change') ? undefined : Promise.reject(new Error(t('budget.amountInvalid')))),
            },
          ]}
        >
          <Input inputMode="decimal" data-testid="pool-move-amount" />
        </Form.Item>
        <Form.Item name="memo" label={t('budget.memo')} rules={[{ required: true, whitespace: true, message: t('budget.memoRequired') }]}>
          <Input.TextArea maxLength={500} rows={2} data-testid="pool-move-memo" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
