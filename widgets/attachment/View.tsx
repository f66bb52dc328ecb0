import { useState } from 'react';
import type { FileRef } from '../../schemas';
import type { ViewProps } from '../types';
import { EmptyValue } from '../shared/EmptyValue';
import { formatFileSize } from '../format';
import { useWidgetT } from '../i18n';
import { downloadThrough } from '../shared/fileAccess';

/** The files as download links with their sizes. */
export function View({ value, locale, services }: ViewProps<FileRef[]>) {
  const t = useWidgetT(locale);
  const [failed, setFailed] = useState<string | null>(null);
  if (!value || value.length === 0) return <EmptyValue locale={locale} />;
  return (
    <>
      <ul className="fw-view fw-files" style={{ margin: 0, paddingInlineStart: 18 }}>
        {value.map((f) => {
          const url = services.downloadUrl?.(f);
          const label = t('upload.downloadFile', { name: f.name });
          return (
            <li key={f.id}>
              {url ? (
                <a href={url} download={f.name} aria-label={label}>
                  {f.name}
                </a>
              ) : services.fetchFile ? (
                // fetched with the session's headers, so a button rather than a bare URL
                <button
                  type="button"
                  className="fw-link-button"
                  aria-label={label}
                  data-testid={`download-${f.id}`}
                  style={{ border: 0, padding: 0, background: 'none', color: 'inherit', textDecoration: 'underline', cursor: 'pointer', font: 'inherit' }}
                  onClick={() => {
                    setFailed(null);
                    downloadThrough(services, f).catch(() => setFailed(t('upload.downloadFailed', { name: f.name })));
                  }}
                >
                  {f.name}
                </button>
              ) : (
                f.name
              )}{' '}
              <span style={{ color: 'rgba(0,0,0,0.65)' }}>({formatFileSize(f.size)})</span>
            </li>
          );
        })}
      </ul>
      {failed ? (
        <div role="alert" style={{ fontSize: 12, color: '#cf1322' }}>
          {failed}
        </div>
      ) : null}
    </>
  );
}
