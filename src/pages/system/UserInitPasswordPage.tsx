// User init password (spec "Other system routes under /web/system": user init password;
// APP_ROUTES.userInitPassword): an administrator searches a user, enters the new password twice
// and resets it after a confirmation. The server (POST /emp/api/v2/user/initPassword) checks the
// same password rule as a change, ends every session of that user, and answers a weak password,
// an unknown user or the caller's own account with a field-level 422 shown on its field.
import { useMemo, useState } from 'react';
import { Alert, App as AntApp, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../api/paths';
import type { DirectoryUser } from '../../../schemas/api/processDirectory'; // types only
import { call as appCall, type ContractCalls } from '../../api/call';
import { ApiError } from '../../api/client';
import { LookupSelect, type LookupOption } from '../approval/matrix/LookupSelect';
import { PASSWORD_RULE } from '../PersonalCenterPage';

export interface UserInitPasswordApi {
  searchUsers(keyword: string): Promise<DirectoryUser[]>;
  initPassword(userId: string, newPassword: string): Promise<void>;
}

export function createUserInitPasswordApi(call: ContractCalls['call'] = appCall): UserInitPasswordApi {
  return {
    searchUsers: async (keyword) => (await call(endpoints.processDirectory.users, { keyword: keyword || undefined, limit: 20 }, { silent: true })).rows,
    initPassword: async (userId, newPassword) => {
      await call(endpoints.auth.initPassword, { userId, newPassword });
    },
  };
}

interface ResetForm {
  userId: string[];
  newPassword: string;
  confirm: string;
}

const FIELDS: ReadonlySet<string> = new Set(['userId', 'newPassword']);

export function UserInitPasswordPage({ api: given }: { api?: UserInitPasswordApi } = {}) {
  const api = useMemo(() => given ?? createUserInitPasswordApi(), [given]);
  const { t } = useTranslation('app');
  const { message, modal } = AntApp.useApp();
  const [form] = Form.useForm<ResetForm>();
  const [known, setKnown] = useState<Map<string, DirectoryUser>>(new Map());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const search = async (keyword: string): Promise<LookupOption[]> => {
    const rows = await api.searchUsers(keyword);
    setKnown((m) => new Map([...m, ...rows.map((r) => [r.id, r] as const)]));
    return rows.map((r) => ({ value: r.id, label: `${r.name} (${r.username})`, hint: [r.deptName, r.postName].filter(Boolean).join(' · ') || undefined }));
  };
  const labelOf = (id: string) => {
    const u = known.get(id);
    return u ? `${u.name} (${u.username})` : undefined;
  };

  const reset = async (v: ResetForm) => {
    const userId = v.userId[0];
    setBusy(true);
    setError(null);
    try {
      await api.initPassword(userId, v.newPassword);
      void message.success(t('userInitPassword.done', { name: labelOf(userId) ?? userId }));
      form.resetFields();
    } catch (e) {
      if (e instanceof ApiError && e.handled) return;
      const fieldErrors = e instanceof ApiError ? e.errors.filter((f) => FIELDS.has(f.field)) : [];
      if (fieldErrors.length) {
        form.setFields(fieldErrors.map((f) => ({ name: f.field as keyof ResetForm, errors: [f.message] })));
      } else {
        const extra = e instanceof ApiError ? e.errors.map((f) => f.message) : [];
        setError([e instanceof Error ? e.message : String(e), ...extra].filter(Boolean).join(' '));
      }
    } finally {
      setBusy(false);
    }
  };

  const confirmThenReset = (v: ResetForm) => {
    modal.confirm({
      title: t('userInitPassword.confirmTitle'),
      content: t('userInitPassword.confirmContent', { name: labelOf(v.userId[0]) ?? v.userId[0] }),
      okText: t('userInitPassword.submit'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true },
      onOk: () => reset(v),
    });
  };

  return (
    <div data-testid="user-init-password">
      <Card title={t('userInitPassword.title')}>
        <Alert type="info" showIcon style={{ marginBottom: 16, maxWidth: 520 }} title={t('userInitPassword.hint')} />
        {error && <Alert type="error" showIcon style={{ marginBottom: 16, maxWidth: 520 }} title={error} data-testid="uip-error" />}
        <Form<ResetForm>
          form={form}
          layout="vertical"
          style={{ maxWidth: 420 }}
          initialValues={{ userId: [] }}
          onFinish={confirmThenReset}
          onValuesChange={() => setError(null)}
        >
          <Form.Item
            name="userId"
            label={t('userInitPassword.user')}
            rules={[{ validator: (_, v: string[] | undefined) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('common:required')))) }]}
          >
            <LookupSelect
              value={[]}
              onChange={() => {}}
              search={search}
              labelOf={labelOf}
              ariaLabel={t('userInitPassword.user')}
              placeholder={t('userInitPassword.userPlaceholder')}
              testId="uip-user"
            />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('personal.newPassword')}
            rules={[
              { required: true, message: t('common:required') },
              { pattern: PASSWORD_RULE, message: t('personal.passwordRule') },
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="uip-new" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('personal.confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('common:required') },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error(t('personal.passwordMismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="uip-confirm" />
          </Form.Item>
          <Button type="primary" danger htmlType="submit" loading={busy} data-testid="uip-submit">
            {t('userInitPassword.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
