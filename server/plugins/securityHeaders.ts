// Security headers. Every answer: X-Content-Type-Options: nosniff, X-Frame-Options: DENY and
// Referrer-Policy. HTML pages also get a Content-Security-Policy: scripts only from this origin
// (the built index.html carries no inline script; string evaluation is allowed for ajv, below),
// styles inline too (antd's CSS-in-JS writes <style> elements), images from here, data: and
// blob: (previews of picked files), requests only to this origin, never framed, no plugins, no
// <base> elsewhere. A page that sets its own policy keeps it.
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // 'unsafe-eval': the client validates records against each definition's schema with ajv, which
  // compiles a schema to a function (new Function); definitions change at run time, so they cannot
  // be compiled ahead. Never 'unsafe-inline': no inline script, no on* attributes run.
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    return payload;
  });
}
