// /web/system/peiZhi/biaoDanList: the designer's form list on the app's API client. A form opens
// in the designer (biaoDan/build?code=…), and a published one also as its end users see it, on
// the generic engine's list page (shiShi/biaoDan/list?code=…).
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormListPage } from '../../designer/form/FormListPage';
import { createDesignerApi } from '../api/designerApi';
import { FORM_BUILDER_ROUTES, engineListPath } from '../routes/routeTable';
import { usePageTitle } from '../layout/pageTitle';

export function FormListRoutePage() {
  const navigate = useNavigate();
  const api = useMemo(() => createDesignerApi(), []);
  const { t } = useTranslation('app');
  usePageTitle(t('shortcut.formBuilder'));
  return (
    <div data-testid="form-builder-list">
      <FormListPage
        api={api}
        onOpen={(c) => navigate(c ? `${FORM_BUILDER_ROUTES.build}?code=${encodeURIComponent(c)}` : FORM_BUILDER_ROUTES.build)}
        onOpenAsUser={(c) => navigate(engineListPath(c))}
      />
    </div>
  );
}
