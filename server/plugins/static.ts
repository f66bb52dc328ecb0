// The built client (config.clientDist) on the API's port: the files of the build, with the
// brotli / gzip twins that scripts/build-client.mjs writes beside them chosen by Accept-Encoding
// (preCompressed), and index.html for the client's routes (history fallback). Hashed assets
// (assets/<name>-<hash>.<ext>) never change under their name: a year, immutable; everything else
// (index.html, favicon, …) is revalidated on every use (no-cache), so a new build is seen at once.
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Cache-Control of a file of the build, by its path (the `.br`/`.gz` twin counts as its original). */
export function cacheControlOf(filePath: string, root: string): string {
  const rel = path.relative(root, filePath).split(path.sep).join('/');
  return rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

/**
 * The sign-in pages prerendered at build time (scripts/build-client.mjs PRERENDERED, the same
 * names): their routes are answered with that file (the page's HTML in #root, painted before any
 * script), other client routes with index.html.
 */
export const PRERENDERED: Readonly<Record<string, string>> = { '/web/login': 'login.html', '/web/dp/login': 'dp-login.html' };

/** The HTML file of the build a client route is answered with. */
export function pageFileOf(url: string, root: string): string {
  const file = PRERENDERED[url.length > 1 ? url.replace(/\/+$/, '') : url];
  return file && existsSync(path.join(root, file)) ? file : 'index.html';
}

/** Is this path one of the client's routes (answered with index.html)? */
export function isClientRoute(url: string): boolean {
  return url === '/' || url === '/web' || url.startsWith('/web/') || url === '/maintenance';
}

/** A browser navigation (HTML first in Accept) to a path that names no file and no API. */
export function wantsPage(accept: string | undefined, url: string, apiPrefixes: string[] = []): boolean {
  if (!accept || !/^text\/html\b/i.test(accept.trim())) return false;
  if (/^\/(emp|api|docs|health|assets)(\/|$)/.test(url)) return false;
  if (apiPrefixes.some((p) => url === p || url.startsWith(`${p}/`))) return false;
  return !/\.[a-z0-9]{1,8}$/i.test(url);
}

export async function registerClient(app: FastifyInstance, clientDist: string, apiPrefixes: string[] = []): Promise<void> {
  const root = path.resolve(clientDist);
  const hasClient = existsSync(path.join(root, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // the compressed twins are found by preCompressed, not served under their own names
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlOf(filePath, root));
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (read && hasClient && isClientRoute(url)) {
      return reply.type('text/html').sendFile(pageFileOf(url, root));
    }
    // a person's browser asking for a page that is nowhere: the client's not-found page (with a
    // way back), answered 404; API callers, assets and files keep the 404 envelope
    if (read && hasClient && wantsPage(req.headers.accept, url, apiPrefixes)) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .send(readFileSync(path.join(root, 'index.html')));
    }
    return reply.code(404).send({ code: 404, msg: 'Not Found', data: null });
  });
}
