// Personal center: name, department, mobile, user name, and the password change.
import { Button, Card, Descriptions, Form, Input, App as AntApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { services } from '../api/services';
import { getSessionValue } from '../session/session';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;

export function PersonalCenterPage() {
  const { t } = useTranslation('app');
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<PasswordForm>();
  return (
    <div data-testid="personal-center">
      <Card title={t('frame.personalCenter')} style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, lg: 2 }}>
          <Descriptions.Item label={t('personal.name')}>
            <span data-testid="pc-name">{getSessionValue('empName') ?? t('common:unknownUser')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('personal.department')}>
            <span data-testid="pc-department">{getSessionValue('empBuMenName') ?? ''}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('personal.mobile')}>
            <span data-testid="pc-mobile">{getSessionValue('empMobileTel') ?? t('common:noMobile')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('personal.username')}>{getSessionValue('username') ?? ''}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('personal.changePassword')}>
        <Form<PasswordForm>
          form={form}
          layout="vertical"
          style={{ maxWidth: 420 }}
          data-testid="change-password"
          onFinish={async (v) => {
            try {
              await services.changePassword(v.oldPassword, v.newPassword);
              void message.success(t('personal.passwordChanged'));
              form.resetFields();
            } catch (e) {
              if (!(e instanceof ApiError && e.handled)) void message.error(e instanceof Error ? e.message : String(e));
            }
          }}
        >
          <Form.Item name="oldPassword" label={t('personal.oldPassword')} rules={[{ required: true, message: t('common:required') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('personal.newPassword')}
            rules={[
              { required: true, message: t('common:required') },
              { pattern: PASSWORD_RULE, message: t('personal.passwordRule') },
            ]}
          >
            <Input.Password autoComplete="new-password" />
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
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common:save')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
