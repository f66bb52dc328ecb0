// The form-builder routes of spec §2 (/web/system/peiZhi/...) mount the designer's pages.
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function FormBuilderPage() {
  const { t } = useTranslation('app');
  return <Result status="info" title={t('designer.pending')} data-testid="designer-pending" />;
}
