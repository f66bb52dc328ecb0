// The form-builder routes of spec §2 mount the designer's pages on the app's API client:
//   /web/system/peiZhi/biaoDanList                 → FormListPage
//   /web/system/peiZhi/biaoDan/build?code=…        → FormDesignerPage (new form without code)
//   /web/system/peiZhi/biaoDanEdit?code=…          → FormDesignerPage
//   /web/system/peiZhi/biaoDan/sheZhi, sheZhiLieBiao → FormDesignerPage (settings, list settings)
// This module is loaded only on these routes, so the designer stays out of other pages' code.
import { useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormDesignerPage } from '../../designer/form/FormDesignerPage';
import { FormListPage } from '../../designer/form/FormListPage';
import { createDesignerApi } from '../api/designerApi';
import { FORM_BUILDER_ROUTES } from '../routes/routeTable';
import { usePageTitle } from '../layout/pageTitle';
import { useTranslation } from 'react-i18next';

export function FormBuilderPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const api = useMemo(() => createDesignerApi(), []);
  const code = params.get('code') ?? undefined;
  const { t } = useTranslation('app');
  usePageTitle(pathname === FORM_BUILDER_ROUTES.list ? t('shortcut.formBuilder') : code ? t('frame.formDesignerOf', { code }) : t('frame.formDesigner'));
  if (pathname === FORM_BUILDER_ROUTES.list) {
    return (
      <div data-testid="form-builder-list">
        <FormListPage api={api} onOpen={(c) => navigate(c ? `${FORM_BUILDER_ROUTES.build}?code=${encodeURIComponent(c)}` : FORM_BUILDER_ROUTES.build)} />
      </div>
    );
  }
  return (
    <div data-testid="form-builder-designer">
      <FormDesignerPage key={code ?? 'new'} api={api} code={code} onCreated={(c) => navigate(`${pathname}?code=${encodeURIComponent(c)}`, { replace: true })} />
    </div>
  );
}
