// Rich-text (65) values are sanitized before they are stored (sanitize-html).
// Images: an <img> whose picture is fetched from anywhere would let whoever wrote the text see
// who opens it and when (a tracking pixel in an approver's browser), and a same-origin URL would
// make the reader's browser send a GET with their cookies. Files of this app are downloaded by
// POST (no URL an <img> could name), so the only images kept are inline raster pictures
// (data:image/png|jpeg|gif|webp;base64), which load nothing; every other <img> is dropped.
import sanitizeHtml from 'sanitize-html';

const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 's', 'u', 'span'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !INLINE_IMAGE.test(frame.attribs.src ?? ''),
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
