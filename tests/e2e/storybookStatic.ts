// The built Storybook for the e2e specs that open its stories (storybook-a11y, storybook-phone):
// its folder (`npm test` builds storybook-static/ before the e2e stage; STORYBOOK_DIR points
// elsewhere), the stories of its index, and a tiny static server on a free port for the
// duration of a test file.
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync, createReadStream } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export const storybookDir = path.resolve(process.env.STORYBOOK_DIR ?? 'storybook-static');

export interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

/** the stories of the built index (none when Storybook is not built) */
export function builtStories(dir = storybookDir): IndexEntry[] {
  const indexFile = path.join(dir, 'index.json');
  return existsSync(indexFile)
    ? Object.values((JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> }).entries).filter((e) => e.type === 'story')
    : [];
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

function serve(root: string): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=3600' });
    createReadStream(file).pipe(res);
  });
}

/** Serves the folder on a free port: its base URL and how to stop it. */
export async function serveStorybook(dir = storybookDir): Promise<{ base: string; close: () => Promise<void> }> {
  const server = serve(dir);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
