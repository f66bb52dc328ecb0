import DOMPurify from 'dompurify';

/** Sanitized HTML: scripts, event handlers and javascript: URLs are removed (DOMPurify). */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], FORBID_ATTR: ['style'] });
}

/** Whether rich text holds nothing a reader would see. */
export function isEmptyRichText(html: string | undefined): boolean {
  if (!html) return true;
  return html.replace(/<p>(\s|<br\s*\/?>)*<\/p>/g, '').trim() === '';
}
