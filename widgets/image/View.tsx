import { Image } from 'antd';
import type { FileRef } from '../../schemas';
import type { ViewProps } from '../types';
import { EmptyValue } from '../shared/EmptyValue';
import { useFileUrls } from '../shared/fileAccess';

/** Thumbnails; clicking one opens the preview with zoom and rotation. */
export function View({ value, locale, services }: ViewProps<FileRef[]>) {
  const files = value ?? [];
  const urls = useFileUrls(files, services, files.length > 0);
  if (files.length === 0) return <EmptyValue locale={locale} />;
  return (
    <div className="fw-view fw-images" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Image.PreviewGroup>
        {files.map((f) => {
          const url = urls[f.id];
          return url ? <Image key={f.id} width={96} height={96} style={{ objectFit: 'cover' }} src={url} alt={f.name} /> : <span key={f.id}>{f.name}</span>;
        })}
      </Image.PreviewGroup>
    </div>
  );
}
