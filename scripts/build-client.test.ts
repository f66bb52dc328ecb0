// The build's compression step (scripts/build-client.mjs): a brotli and a gzip twin beside each
// text file of 1 KB and more, each only when smaller; nothing for small or binary files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { precompress, withoutAppPreloads } from './build-client.mjs';

let dist: string;
const js = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'formwork-precompress-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/index-Ab12.js'), js);
  writeFileSync(path.join(dist, 'assets/index-Cd34.css'), `.a{color:red}\n`.repeat(200));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(path.join(dist, 'assets/logo-Ef56.png'), randomBytes(4096));
  writeFileSync(path.join(dist, 'assets/noise-Gh78.js'), randomBytes(4096).toString('base64'));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes br and gz twins that decompress to the file, for text files of 1 KB and more', async () => {
    const rows = await precompress(dist);
    expect(brotliDecompressSync(readFileSync(path.join(dist, 'assets/index-Ab12.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(path.join(dist, 'assets/index-Ab12.js.gz'))).toString()).toBe(js);
    expect(existsSync(path.join(dist, 'assets/index-Cd34.css.br'))).toBe(true);
    const row = rows.find((r) => r.file === path.join('assets', 'index-Ab12.js'))!;
    expect(row.br).toBeLessThan(row.size / 3);
    expect(row.gz).toBeLessThan(row.size / 2);
  });

  it('skips small files and binaries', () => {
    expect(existsSync(path.join(dist, 'index.html.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets/logo-Ef56.png.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets/logo-Ef56.png.gz'))).toBe(false);
  });

  it("a sign-in page's HTML drops the app's preloads (it paints before any script is fetched)", () => {
    const index =
      '<head><script type="module" crossorigin src="/assets/index-a.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/boot-b.js" data-app-preload>\n    <link rel="modulepreload" crossorigin href="/assets/frame-c.js" data-app-preload>\n<link rel="stylesheet" href="/assets/index.css"></head>';
    const html = withoutAppPreloads(index);
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('/assets/index-a.js');
    expect(html).toContain('/assets/index.css');
  });
});
