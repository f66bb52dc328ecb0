// Definitions (docs/api.md "Definitions"): the list, drafts, validation, publishing, versions,
// export and import.
import { Type, type Static } from '@sinclair/typebox';
import type { FormDefinition, LocalizedText } from '../definition';
import { AnyObject, endpoint, Paged, Paging, PREFIX } from './contract';

const tag = 'definitions';

/**
 * A form definition in an answer: typed as schemas/definition.ts `FormDefinition`, documented as
 * an object (the full schema is the definition schema of schemas/).
 */
export const DefinitionDoc = Type.Unsafe<FormDefinition>(AnyObject('a form definition (schemas/definition.ts FormDefinition)'));
/** A definition sent by the client: any object, checked by the server's definition validator. */
const WithDefinition = Type.Object({ definition: AnyObject('a form definition; a draft may be incomplete but names its code, name and fields') });
/** Text per locale (schemas/definition.ts LocalizedText; documented without its `$id`). */
const Localized = Type.Unsafe<LocalizedText>(
  Type.Object({ 'zh-CN': Type.String() }, { additionalProperties: true, description: 'text per locale; zh-CN is always there' }),
);
const Code = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });

export const DefinitionSummary = Type.Object({
  code: Type.String(),
  name: Localized,
  formType: Type.Integer(),
  status: Type.Union([Type.Literal('draft'), Type.Literal('published')]),
  /** latest published version; 0 for a never-published draft */
  version: Type.Integer(),
  /** display name (or id) of the last editor */
  rowModUser: Type.String(),
  /** 'YYYY-MM-DD HH:mm:ss' */
  rowModDate: Type.String(),
  recordCount: Type.Optional(Type.Integer()),
});
export type DefinitionSummary = Static<typeof DefinitionSummary>;

/** A problem of a definition; `path` is a JSON pointer into it, e.g. `/fields/3/key`. */
export const DefinitionProblem = Type.Object({ path: Type.String(), message: Type.String(), code: Type.Optional(Type.String()) });
export const DefinitionEditInit = Type.Object({
  draft: Type.Union([DefinitionDoc, Type.Null()]),
  published: Type.Union([DefinitionDoc, Type.Null()]),
  versions: Type.Array(Type.Integer()),
  /** the draft's optimistic version: send it with the next save (and publish); a stale one answers 409 */
  draftVersion: Type.Integer(),
});
export const DefinitionVersionInfo = Type.Object({
  version: Type.Integer(),
  publishedAt: Type.String({ description: 'ISO time' }),
  publishedBy: Type.String(),
});

export const definitions = {
  list: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/list',
    tag,
    summary: 'Definitions, by code',
    body: Type.Optional(Type.Object({ ...Paging, keyword: Type.Optional(Type.String({ maxLength: 100 })), formType: Type.Optional(Type.Integer()) })),
    data: Paged(DefinitionSummary),
    errors: [401, 403],
  }),
  editInit: endpoint({
    method: 'POST',
    path: `${PREFIX}/emp/system/commons/biaoDan/edit-init.action`,
    tag,
    summary: 'The draft, the latest published version and the version numbers',
    body: Code,
    data: DefinitionEditInit,
    errors: [401, 403, 404],
  }),
  saveDraft: endpoint({
    method: 'POST',
    path: `${PREFIX}/emp/system/commons/biaoDan/edit-save.action`,
    tag,
    summary: 'Saves the draft (creates the form when the code is new; draftVersion 0: only a new code; a stale draftVersion → 409)',
    body: Type.Object({
      ...WithDefinition.properties,
      draftVersion: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: 2147483647,
          description: 'the draftVersion the designer loaded (0: a new form); without it the save is unconditional',
        }),
      ),
    }),
    encoding: 'json',
    data: Type.Object({ code: Type.String(), savedAt: Type.String({ description: 'ISO time' }), draftVersion: Type.Integer() }),
    errors: [401, 403, 409, 422],
  }),
  delete: endpoint({
    method: 'POST',
    path: `${PREFIX}/emp/system/commons/biaoDan/delete-row.action`,
    tag,
    summary: 'Deletes a form (refused while it has records)',
    body: Code,
    data: Type.Null(),
    errors: [401, 403, 404, 409],
  }),
  validate: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/validate',
    tag,
    summary: "A definition's problems",
    body: WithDefinition,
    encoding: 'json',
    data: Type.Object({ errors: Type.Array(DefinitionProblem) }),
    errors: [401, 403],
  }),
  publish: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/publish',
    tag,
    summary: 'Publishes the saved draft as a new version (of concurrent publishes one wins, the others 409; a stale draftVersion → 409)',
    body: Type.Object({ ...Code.properties, draftVersion: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })) }),
    data: Type.Object({ version: Type.Integer() }),
    errors: [401, 403, 404, 409, 422],
  }),
  get: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/get',
    tag,
    summary: 'A published definition (the latest without `version`)',
    body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }), version: Type.Optional(Type.Integer({ minimum: 1 })) }),
    data: DefinitionDoc,
    errors: [401, 403, 404],
  }),
  versions: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/versions',
    tag,
    summary: 'Published versions, newest first',
    body: Code,
    data: Type.Array(DefinitionVersionInfo),
    errors: [401, 403],
  }),
  export: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/export',
    tag,
    summary: 'The draft (or the latest published version) as a document',
    body: Code,
    data: DefinitionDoc,
    errors: [401, 403, 404],
  }),
  import: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/import',
    tag,
    summary: 'Imports a definition as a draft',
    body: WithDefinition,
    encoding: 'json',
    data: Type.Object({ code: Type.String() }),
    errors: [401, 403, 422],
  }),
} as const;
