// Files (docs/api.md "Files"): upload (multipart, one file), download, delete.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, Id, PREFIX } from './contract';

const tag = 'files';

/** An uploaded file as records refer to it (schemas/values.ts FileRef). */
export const FileDoc = Type.Object({
  id: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  type: Type.String({ description: 'the detected MIME type' }),
});
export type FileDoc = Static<typeof FileDoc>;

export const files = {
  upload: endpoint({
    method: 'POST',
    path: `${PREFIX}/upload/upload-sellSetting`,
    tag,
    summary: 'Uploads one file (multipart field `file`; type checked by content)',
    encoding: 'multipart',
    data: FileDoc,
    errors: [401, 413, 422],
  }),
  download: endpoint({
    method: 'POST',
    path: `${PREFIX}/upload/upload-download`,
    tag,
    summary: "The file's bytes (its uploader, or a reader of a record that refers to it)",
    body: Type.Object({ id: Id }),
    data: Type.String({ format: 'binary' }),
    answer: 'file',
    errors: [401, 403, 404],
  }),
  delete: endpoint({
    method: 'POST',
    path: `${PREFIX}/upload/upload-delete`,
    tag,
    summary: 'Deletes a file (its uploader)',
    body: Type.Object({ id: Id }),
    data: Type.Null(),
    errors: [401, 403, 404],
  }),
} as const;
