// Username + password form shared by the employee and the dealer login.
import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';

export interface Credentials {
  username: string;
  password: string;
}

const TOGGLE_TARGET = { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minWidth: 24, minHeight: 24 } as const;

export function LoginForm({ onSubmit, testId }: { onSubmit: (c: Credentials) => Promise<void>; testId: string }) {
  const { t } = useTranslation('app');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Form<Credentials>
      layout="vertical"
      data-testid={testId}
      requiredMark
      onFinish={async (values) => {
        setBusy(true);
        setError(null);
        try {
          await onSubmit(values);
        } catch (e) {
          if (!(e instanceof ApiError && e.handled)) setError(e instanceof Error && e.message ? e.message : t('login.failed'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form.Item name="username" label={t('login.username')} rules={[{ required: true, message: t('login.usernameRequired') }]}>
        <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-username" maxLength={64} />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          data-testid="login-password"
          maxLength={128}
          // the show/hide switch is a 24 × 24 px touch target (WCAG 2.5.8; antd's bare icon is 14 px)
          iconRender={(visible) => <span style={TOGGLE_TARGET}>{visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}</span>}
        />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} data-testid="login-error" style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
