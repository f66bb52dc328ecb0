// The designer's small dialogs: bind to a form (biaoDan/list), copy under a new code, and create
// a process (the list page). Server refusals (409 code exists, 422 field errors) show in place.
import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Select, Typography, type ButtonProps } from 'antd';
import type { Locale } from '../../schemas/constants';
import type { LocalizedText } from '../../schemas/definition';
import type { ProcessDesignerApi, ProcessDesignerApiError, ProcessFormRow, ProcessSummary } from './api';
import { useProcessT } from './i18n';

const CODE_PATTERN = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const fieldErrors = (e: unknown) => ((e as ProcessDesignerApiError)?.errors ?? []).map((x) => x.message);

export function useFormOptions(api: ProcessDesignerApi, open: boolean) {
  const [forms, setForms] = useState<ProcessFormRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setError(null);
    api
      .forms()
      .then((f) => live && setForms(f))
      .catch((e: unknown) => live && setError(message(e)));
    return () => {
      live = false;
    };
  }, [api, open]);
  return { forms, error };
}

export interface BindFormDialogProps {
  api: ProcessDesignerApi;
  code: string;
  current: string | null;
  locale: Locale;
  open: boolean;
  onClose: () => void;
  onBound: (summary: ProcessSummary) => void;
}

export function BindFormDialog({ api, code, current, locale, open, onClose, onBound }: BindFormDialogProps) {
  const t = useProcessT(locale);
  const { forms, error: loadError } = useFormOptions(api, open);
  const [formCode, setFormCode] = useState<string | null>(current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setFormCode(current);
      setError(null);
    }
  }, [open, current]);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      onBound(await api.bind(code, formCode));
      onClose();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('toolbar.bindTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('toolbar.bindOk')}
      cancelText={t('toolbar.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'process-bind-ok' } as ButtonProps}
      destroyOnHidden
    >
      {loadError ? <Alert type="error" showIcon title={loadError} /> : null}
      <Form layout="vertical">
        <Form.Item label={t('toolbar.bindForm')} htmlFor="process-bind-form" help={t('toolbar.bindHint')}>
          <Select
            id="process-bind-form"
            data-testid="process-bind-select"
            loading={forms === null && !loadError}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={formCode ?? undefined}
            onChange={(v) => setFormCode(v ?? null)}
            options={(forms ?? []).map((f) => ({ value: f.code, label: `${f.name[locale] || f.name['zh-CN']} (${f.code})` }))}
          />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="process-bind-error" /> : null}
    </Modal>
  );
}

export interface CodeNameDialogProps {
  api: ProcessDesignerApi;
  locale: Locale;
  open: boolean;
  /** copy: the process copied; absent: create */
  from?: { code: string; name: LocalizedText };
  /** create: the form the new process is bound to (preset in the form picker) */
  formCode?: string;
  onClose: () => void;
  onDone: (summary: ProcessSummary) => void;
}

/** Create a process (code, name, optional form) or copy one under a new code. */
export function CodeNameDialog({ api, locale, open, from, formCode, onClose, onDone }: CodeNameDialogProps) {
  const t = useProcessT(locale);
  const [form] = Form.useForm<{ code: string; name: string; formCode?: string }>();
  const { forms } = useFormOptions(api, open && !from);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ msg: string; details: string[] } | null>(null);
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue({
        code: from ? `${from.code}_copy` : '',
        name: from ? t('list.copyName', { name: from.name[locale] || from.name['zh-CN'] }) : '',
        ...(!from && formCode ? { formCode } : {}),
      });
      setError(null);
    }
  }, [open, from, formCode, form, t, locale]);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const name: LocalizedText = { 'zh-CN': v.name.trim() };
      const summary = from
        ? await api.copy({ code: from.code, newCode: v.code, name })
        : await api.create({ code: v.code, name, formCode: v.formCode || undefined });
      onDone(summary);
      onClose();
    } catch (e) {
      setError({ msg: message(e), details: fieldErrors(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={from ? t('list.copyTitle') : t('list.createTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={from ? t('list.copyOk') : t('list.createOk')}
      cancelText={t('toolbar.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'process-codename-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="code"
          label={t('list.code')}
          rules={[
            { required: true, message: t('list.codeRequired') },
            { pattern: CODE_PATTERN, message: t('list.codePattern') },
          ]}
        >
          <Input data-testid="process-codename-code" autoComplete="off" onPressEnter={() => void submit().catch(() => undefined)} />
        </Form.Item>
        <Form.Item name="name" label={t('list.name')} rules={[{ required: true, whitespace: true, message: t('list.nameRequired') }, { max: 200 }]}>
          <Input data-testid="process-codename-name" autoComplete="off" onPressEnter={() => void submit().catch(() => undefined)} />
        </Form.Item>
        {!from ? (
          <Form.Item name="formCode" label={t('list.formOptional')}>
            <Select
              data-testid="process-codename-form"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={forms === null}
              options={(forms ?? []).map((f) => ({ value: f.code, label: `${f.name[locale] || f.name['zh-CN']} (${f.code})` }))}
            />
          </Form.Item>
        ) : null}
      </Form>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error.msg}
          description={error.details.length ? error.details.map((d, i) => <Typography.Paragraph key={i}>{d}</Typography.Paragraph>) : undefined}
          data-testid="process-codename-error"
        />
      ) : null}
    </Modal>
  );
}
