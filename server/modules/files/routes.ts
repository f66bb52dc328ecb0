// Files under {prefix}/upload/: multipart upload (size limit → 413, type checked by the file's
// content, server-generated storage names under DATA_DIR/files), download (the uploader or a reader
// of a record that refers to the file), delete (the uploader). Paths, bodies and answers come from
// the contract (schemas/api/files.ts).
import { and, eq, isNull } from 'drizzle-orm';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { AppContext, TypedApp } from '../../context';
import { canReadFile, ownsFile } from './access';
import { files } from '../../db/schema';
import { AppError, forbidden, invalid, notFound, ok } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { t } from '../../lib/i18n';

/** detected MIME types accepted for upload */
const ALLOWED = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'application/pdf',
  'application/zip',
  'application/x-rar-compressed',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/x-cfb',
  'application/msword',
  'application/vnd.ms-excel',
]);
/** extensions accepted as plain text when no binary signature is found */
const TEXT_TYPES: Record<string, string> = { '.txt': 'text/plain', '.csv': 'text/csv', '.md': 'text/markdown', '.json': 'application/json' };

async function sniffText(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(8192);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const chunk = buf.subarray(0, bytesRead);
    if (chunk.includes(0)) return false;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(chunk.subarray(0, Math.max(0, bytesRead - 4)));
      return true;
    } catch {
      return false;
    }
  } finally {
    await fh.close();
  }
}

const E = endpoints.files;

export function fileRoutes(app: TypedApp, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  const dir = path.join(ctx.config.dataDir, 'files');

  app.post(pathOf(E.upload, p), { config: { policy: 'any' }, schema: routeSchema(E.upload) }, async (req) => {
    if (!req.isMultipart()) throw invalid([{ field: 'file', message: t(req.locale, 'files.noFile') }]);
    const part = await req.file();
    if (!part) throw invalid([{ field: 'file', message: t(req.locale, 'files.noFile') }]);
    await mkdir(path.join(dir, 'tmp'), { recursive: true });
    const id = newId();
    const tmp = path.join(dir, 'tmp', id);
    try {
      await pipeline(part.file, createWriteStream(tmp));
      if (part.file.truncated) throw new AppError(413, 'errors.tooLarge');
      const detected = await fileTypeFromFile(tmp);
      const ext = path.extname(part.filename).toLowerCase();
      let type: string | undefined;
      if (detected && ALLOWED.has(detected.mime)) type = detected.mime;
      else if (!detected && TEXT_TYPES[ext] && (await sniffText(tmp))) type = TEXT_TYPES[ext];
      if (!type) throw invalid([{ field: 'file', message: t(req.locale, 'files.badType') }]);
      const { size } = await stat(tmp);
      const name = path.basename(part.filename).slice(0, 255) || id;
      await rename(tmp, path.join(dir, id));
      await ctx.db.insert(files).values({ id, name, size, type, storageName: id, ownerId: req.auth!.userId });
      return ok({ id, name, size, type });
    } finally {
      await rm(tmp, { force: true });
    }
  });

  app.post(pathOf(E.download, p), { config: { policy: 'any' }, schema: routeSchema(E.download) }, async (req, reply) => {
    const [f] = await ctx.db
      .select()
      .from(files)
      .where(and(eq(files.id, req.body.id), isNull(files.deletedAt)));
    if (!f) throw notFound('file');
    // the uploader, or whoever may read a record that refers to the file
    if (!(await canReadFile(ctx, req.auth!, f))) throw forbidden();
    reply.header('Content-Type', f.type);
    reply.header('Content-Length', String(f.size));
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.name)}`);
    reply.header('X-Content-Type-Options', 'nosniff');
    return reply.send(createReadStream(path.join(dir, f.storageName)));
  });

  app.post(pathOf(E.delete, p), { config: { policy: 'any' }, schema: routeSchema(E.delete) }, async (req) => {
    const [f] = await ctx.db
      .select()
      .from(files)
      .where(and(eq(files.id, req.body.id), isNull(files.deletedAt)));
    if (!f) throw notFound('file');
    // only the uploader's side deletes (a record's reader may not)
    if (!ownsFile(req.auth!, f.ownerId)) throw forbidden();
    await ctx.db.update(files).set({ deletedAt: new Date() }).where(eq(files.id, f.id));
    await rm(path.join(dir, f.storageName), { force: true });
    return ok(null);
  });
}
