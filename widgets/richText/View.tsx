import type { ViewProps } from '../types';
import { EmptyValue } from '../shared/EmptyValue';
import { isEmptyRichText, sanitizeRichText } from './sanitize';

/** The HTML, sanitized again on the way out (DOMPurify): stored data is never trusted. */
export function View({ value, locale }: ViewProps<string>) {
  if (isEmptyRichText(value)) return <EmptyValue locale={locale} />;
  return <div className="fw-view fw-richtext-view" data-testid="richtext-view" dangerouslySetInnerHTML={{ __html: sanitizeRichText(value ?? '') }} />;
}
