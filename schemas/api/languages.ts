// Languages (docs/api.md "Languages"): switch the session's language, save a key, read a locale's keys.
import { Type } from '@sinclair/typebox';
import { endpoint } from './contract';

const tag = 'languages';
/** a language type (1 zh-CN, 2 en-US, 3 zh-TW), as a number or its text */
const LangType = Type.Union([Type.Integer(), Type.String({ maxLength: 4 })]);

export const languages = {
  switch: endpoint({
    method: 'POST',
    path: '/emp/api/v2/login/duoYuYan',
    tag,
    summary: "Switches the session's (and the user's) language",
    body: Type.Object({ duoYuYanType: LangType, update: Type.Optional(Type.Unknown()) }),
    data: Type.Null(),
    errors: [401],
  }),
  saveKey: endpoint({
    method: 'POST',
    path: '/emp/api/v2/duoYuYanKey',
    tag,
    summary: 'Saves one text (`namespace:key`) of a language',
    body: Type.Object({ key: Type.String({ minLength: 3, maxLength: 200 }), update: Type.String({ maxLength: 5000 }), duoYuYanType: LangType }),
    data: Type.Null(),
    errors: [401, 403],
  }),
  keys: endpoint({
    method: 'POST',
    path: '/emp/api/v2/duoYuYan/keys',
    tag,
    summary: "A language's saved texts by namespace (public: the login pages need them)",
    body: Type.Optional(
      Type.Object({
        duoYuYanType: Type.Optional(LangType),
        namespace: Type.Optional(Type.String({ maxLength: 32 })),
        changed: Type.Optional(Type.Boolean({ description: 'only the texts that differ from the ones the app ships with (what the app overlays on its own)' })),
      }),
    ),
    data: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()), { description: 'namespace → nested messages' }),
    errors: [],
  }),
} as const;
