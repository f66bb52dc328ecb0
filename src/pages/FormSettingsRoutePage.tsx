// The form-settings pages under /web/system/shiShi/biaoDan/ and /web/system/ziDingYi/
// (routeTable FORM_SETTINGS_ROUTES): the designer of `?code=` opened on its form or on its
// list settings. Without a valid code there is nothing to set up: 未配置.
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormDesignerPage } from '../../designer/form/FormDesignerPage';
import { createDesignerApi } from '../api/designerApi';
import { formSettingsTabOf, isFormCode } from '../routes/routeTable';
import { usePageTitle } from '../layout/pageTitle';
import { NotConfiguredPage } from './NotConfiguredPage';

export function FormSettingsRoutePage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const api = useMemo(() => createDesignerApi(), []);
  const { t } = useTranslation('app');
  const code = params.get('code');
  usePageTitle(isFormCode(code) ? t('frame.formDesignerOf', { code }) : null);
  if (!isFormCode(code)) return <NotConfiguredPage formCode={code || undefined} detail={t('engine.noCode')} />;
  return (
    <div data-testid="form-builder-designer">
      <FormDesignerPage key={`${code}-${pathname}`} api={api} code={code} initialTab={formSettingsTabOf(pathname) ?? 'design'} />
    </div>
  );
}
