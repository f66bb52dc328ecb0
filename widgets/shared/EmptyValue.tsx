import type { Locale } from '../../schemas';
import { useWidgetT } from '../i18n';

/** What a View shows for a value that is not there. */
export function EmptyValue({ locale }: { locale: Locale }) {
  const t = useWidgetT(locale);
  return (
    <span className="fw-view fw-view-empty" style={{ color: 'rgba(0,0,0,0.65)' }} data-empty="true">
      {t('view.empty')}
    </span>
  );
}
