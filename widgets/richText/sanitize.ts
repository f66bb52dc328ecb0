import DOMPurify from 'dompurify';

/** Images kept in rich text: inline pictures only (no URL a reader's browser would fetch: no tracking pixels). */
const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i;

DOMPurify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'img' && !INLINE_IMAGE.test((node as Element).getAttribute('src') ?? '')) node.parentNode?.removeChild(node);
});

/** Sanitized HTML: scripts, event handlers, javascript: URLs and images from elsewhere are removed (DOMPurify). */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
    FORBID_ATTR: ['style', 'srcset'],
  });
}

/** Whether rich text holds nothing a reader would see. */
export function isEmptyRichText(html: string | undefined): boolean {
  if (!html) return true;
  return html.replace(/<p>(\s|<br\s*\/?>)*<\/p>/g, '').trim() === '';
}
