// Rich text (65): TipTap and ProseMirror are loaded when an editor first shows, so a form
// without a rich-text field (and every list page) never downloads them (issue 16 bundle budget).
import { lazy, Suspense } from 'react';
import type { WidgetProps } from '../types';
import { labelId } from '../shared/aria';
import { sanitizeRichText } from './sanitize';

const Editor = lazy(() => import('./Editor').then((m) => ({ default: m.RichTextEditor })));

/** Rich text (65): a TipTap editor; the value is sanitized HTML. */
export function Widget(props: WidgetProps<string>) {
  return (
    <Suspense fallback={<StandIn {...props} />}>
      <Editor {...props} />
    </Suspense>
  );
}

/** The value, read-only, in the editor's frame while the editor loads. */
function StandIn({ id, value }: WidgetProps<string>) {
  return (
    <div className="fw-richtext" aria-busy="true" style={{ border: '1px solid #d9d9d9', borderRadius: 6, background: '#fafafa' }}>
      <div
        className="fw-richtext-content"
        aria-labelledby={labelId(id)}
        style={{ minHeight: 120, padding: '8px 11px' }}
        dangerouslySetInnerHTML={{ __html: sanitizeRichText(value ?? '') }}
      />
    </div>
  );
}
