import { Image } from 'antd';
import type { FileRef } from '../../schemas';
import type { ViewProps } from '../types';
import { EmptyValue } from '../shared/EmptyValue';

/** Thumbnails; clicking one opens the preview with zoom and rotation. */
export function View({ value, locale, services }: ViewProps<FileRef[]>) {
  if (!value || value.length === 0) return <EmptyValue locale={locale} />;
  return (
    <div className="fw-view fw-images" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Image.PreviewGroup>
        {value.map((f) => {
          const url = services.downloadUrl?.(f);
          return url ? <Image key={f.id} width={96} height={96} style={{ objectFit: 'cover' }} src={url} alt={f.name} /> : <span key={f.id}>{f.name}</span>;
        })}
      </Image.PreviewGroup>
    </div>
  );
}
