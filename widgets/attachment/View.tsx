import type { FileRef } from '../../schemas';
import type { ViewProps } from '../types';
import { EmptyValue } from '../shared/EmptyValue';
import { formatFileSize } from '../format';
import { useWidgetT } from '../i18n';

/** The files as download links with their sizes. */
export function View({ value, locale, services }: ViewProps<FileRef[]>) {
  const t = useWidgetT(locale);
  if (!value || value.length === 0) return <EmptyValue locale={locale} />;
  return (
    <ul className="fw-view fw-files" style={{ margin: 0, paddingInlineStart: 18 }}>
      {value.map((f) => {
        const url = services.downloadUrl?.(f);
        return (
          <li key={f.id}>
            {url ? (
              <a href={url} download={f.name} aria-label={t('upload.downloadFile', { name: f.name })}>
                {f.name}
              </a>
            ) : (
              f.name
            )}{' '}
            <span style={{ color: 'rgba(0,0,0,0.65)' }}>({formatFileSize(f.size)})</span>
          </li>
        );
      })}
    </ul>
  );
}
