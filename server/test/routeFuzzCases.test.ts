// The bad inputs of issue 16 that answered 500, each pinned (the route fuzzer finds their kind at
// random; these say exactly what each answers now), and schema errors in the user's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyError } from 'fastify';
import { sql } from 'drizzle-orm';
import { inputProblem, MAX_DEPTH } from '../plugins/bodyDepth';
import { validationErrors } from '../plugins/schemaErrors';
import { BACKENDS, startTestApp, type TestApp } from './helpers';

const json = (a: TestApp, url: string, payload: string, token: string, locale = 'zh-CN') =>
  a.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(token ? { authorization: token } : {}), 'content-type': 'application/json', 'accept-language': locale },
  });

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

for (const backend of BACKENDS) {
  describe(`bad input answers 4xx with field messages (${backend})`, () => {
    let a: TestApp;
    let admin: string;
    let emp: string;
    beforeAll(async () => {
      a = await startTestApp({ postgres: backend === 'postgres' });
      admin = await a.login('admin');
      emp = await a.login('zhangwei');
    }, 120_000);
    afterAll(async () => {
      await a?.stop();
    });

    it('a record save with an array nested 2,000 deep: 422 naming the field, no stack overflow', async () => {
      for (const url of ['/emp/api/v2/biaoDan/record/save', '/emp/api/feiYong/shenQing/tiYuSuan/save']) {
        const r = await json(a, url, `{"formCode":"feiYongShenQing","data":{"beiZhu":${nested(2000)}}}`, emp);
        expect(r.statusCode, `${url}: ${r.body}`).toBe(422);
        const body = r.json();
        expect(body.code).toBe(422);
        expect(body.errors[0].code).toBe('maxDepth');
        expect(body.errors[0].field).toMatch(/^data\.beiZhu\.0\.0/);
        expect(body.errors[0].message).toBe(`数据嵌套层级过深（最多 ${MAX_DEPTH} 层）`);
      }
      // an object nested as deep, and nesting inside a query string's keys are refused too
      const obj = await json(a, '/emp/api/v2/biaoDan/record/save', `{"formCode":"feiYongShenQing","data":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`, emp);
      expect(obj.statusCode).toBe(422);
      // ordinary nesting still passes the guard (a detail table row's picker value)
      const fine = await json(a, '/emp/api/v2/biaoDan/record/save', '{"formCode":"feiYongShenQing","data":{"mingXi":[{"x":{"id":"1","name":"a"}}]}}', emp);
      expect(fine.json().errors?.[0]?.code).not.toBe('maxDepth');
    });

    it('page 1e300 and other unbounded integers: 422 with the allowed maximum, in every route', async () => {
      const list = await json(a, '/emp/api/v2/biaoDan/record/list', '{"formCode":"feiYongShenQing","page":1e300}', emp);
      expect(list.statusCode, list.body).toBe(422);
      expect(list.json().errors).toEqual([{ field: 'page', message: '不能大于 2147483647', code: 'maximum' }]);
      const auto = await json(a, '/tpm/emp/base/autoComplete/employee', '{"page":1e300}', emp);
      expect(auto.statusCode, auto.body).toBe(422);
      const defs = await json(a, '/emp/api/v2/biaoDan/list', '{"formType":-9e40}', admin);
      expect(defs.statusCode, defs.body).toBe(422);
      expect(defs.json().errors[0]).toMatchObject({ field: 'formType', code: 'minimum' });
      const get = await json(a, '/emp/api/v2/biaoDan/get', '{"code":"feiYongShenQing","version":99999999999}', admin);
      expect(get.statusCode, get.body).toBe(422);
      const lang = await json(a, '/emp/api/v2/login/duoYuYan', '{"duoYuYanType":99999999999}', emp);
      expect(lang.statusCode, lang.body).toBe(422);
      // the OpenAPI document shows the bound
      const doc = (await a.inject({ method: 'GET', url: '/docs/json' })).json();
      const page = doc.paths['/emp/api/v2/biaoDan/record/list'].post.requestBody.content['application/json'].schema.properties.page;
      expect(page).toMatchObject({ minimum: 1, maximum: 2147483647 });
    });

    it('a list filter on version (an integer column) with a value that is not an integer: 422 on the filter', async () => {
      for (const value of ['abc', '1.5', '99999999999', '', { a: 1 }]) {
        const r = await json(
          a,
          '/emp/api/v2/biaoDan/record/list',
          JSON.stringify({ formCode: 'feiYongShenQing', filters: [{ key: 'version', op: 'eq', value }] }),
          emp,
        );
        expect(r.statusCode, `${JSON.stringify(value)}: ${r.body}`).toBe(422);
        expect(r.json().errors).toEqual([{ field: 'filters.0', message: '筛选条件“version”的值无效' }]);
      }
      const range = await json(
        a,
        '/emp/api/v2/biaoDan/record/list',
        JSON.stringify({ formCode: 'feiYongShenQing', filters: [{ key: 'definitionVersion', op: 'range', value: ['1', 'x'] }] }),
        emp,
      );
      expect(range.statusCode).toBe(422);
      const okInt = await json(
        a,
        '/emp/api/v2/biaoDan/record/list',
        JSON.stringify({ formCode: 'feiYongShenQing', filters: [{ key: 'version', op: 'in', value: ['1', 2] }] }),
        emp,
      );
      expect(okInt.statusCode, okInt.body).toBe(200);
      // more values than a statement may carry parameters
      const many = Array.from({ length: 70_000 }, (_, i) => String(i));
      const inList = await json(
        a,
        '/emp/api/v2/biaoDan/record/list',
        JSON.stringify({ formCode: 'feiYongShenQing', filters: [{ key: 'number', op: 'in', value: many }] }),
        emp,
      );
      expect(inList.statusCode, inList.body.slice(0, 200)).toBe(422);
      expect(inList.json().errors[0].message).toBe('筛选条件“number”的取值过多（最多 500 个）');
      // a numeric field with a 200-digit value
      const huge = await json(
        a,
        '/emp/api/v2/biaoDan/record/list',
        JSON.stringify({ formCode: 'feiYongShenQing', filters: [{ key: 'shenQingJinE', op: 'gte', value: '9'.repeat(200) }] }),
        emp,
      );
      expect(huge.statusCode, huge.body).toBe(422);
    });

    it('text with a NUL or an unpaired surrogate: 422 naming the field (PostgreSQL stores neither)', async () => {
      const nul = await json(a, '/emp/api/v2/biaoDan/versions', '{"code":"a\\u0000b"}', admin);
      expect(nul.statusCode, nul.body).toBe(422);
      expect(nul.json().errors).toEqual([{ field: 'code', message: '包含不允许的字符（空字符或不完整的 Unicode 字符）', code: 'badCharacter' }]);
      const surrogate = await json(a, '/emp/api/v2/biaoDan/record/save', '{"formCode":"feiYongShenQing","data":{"beiZhu":"x\\ud800"}}', emp);
      expect(surrogate.statusCode, surrogate.body).toBe(422);
      expect(surrogate.json().errors[0].field).toBe('data.beiZhu');
      const key = await json(a, '/emp/api/v2/biaoDan/record/save', '{"formCode":"feiYongShenQing","data":{"be\\u0000iZhu":"x"}}', emp);
      expect(key.statusCode, key.body).toBe(422);
      // list filters sent as JSON text (a form-encoded call) are parsed after the guard: checked the same
      const form = await a.inject({
        method: 'POST',
        url: '/emp/api/v2/biaoDan/record/list',
        payload: new URLSearchParams({ formCode: 'feiYongShenQing', filters: '[{"key":"number","op":"eq","value":"a\\u0000"}]' }).toString(),
        headers: { authorization: emp, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode, form.body).toBe(422);
      expect(form.json().errors).toEqual([{ field: 'filters.0.value', message: '包含不允许的字符（空字符或不完整的 Unicode 字符）', code: 'badCharacter' }]);
      const deepText = await a.inject({
        method: 'POST',
        url: '/emp/api/v2/biaoDan/record/list',
        payload: new URLSearchParams({ formCode: 'feiYongShenQing', filters: `[{"key":"number","op":"in","value":${nested(4000)}}]` }).toString(),
        headers: { authorization: emp, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(deepText.statusCode, deepText.body).toBe(422);
      expect(deepText.json().errors[0].code).toBe('maxDepth');
      // a query string too, and a well-formed pair (an emoji) passes
      const q = await a.inject({ method: 'GET', url: '/tpm/system/menu.action?x=%00', headers: { authorization: emp } });
      expect(q.statusCode, q.body).toBe(422);
      const emoji = await json(a, '/emp/api/v2/biaoDan/versions', '{"code":"😀"}', admin);
      expect(emoji.statusCode).toBeLessThan(500);
      expect(emoji.json().errors?.[0]?.code).not.toBe('badCharacter');
    });

    it('a truncated or malformed multipart upload: 400 in the envelope, and the next upload works', async () => {
      const full = Buffer.from(
        '--b0\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello world\r\n--b0--\r\n',
      );
      const cases: [Buffer, string][] = [
        [full.subarray(0, 20), 'multipart/form-data; boundary=b0'],
        [full.subarray(0, full.length - 8), 'multipart/form-data; boundary=b0'],
        [full, 'multipart/form-data; boundary=zz'],
        [full, 'multipart/form-data'],
        [full, `multipart/form-data; boundary=${'x'.repeat(300)}`],
      ];
      for (const [payload, ct] of cases) {
        const r = await a.inject({ method: 'POST', url: '/tpm/upload/upload-sellSetting', payload, headers: { authorization: emp, 'content-type': ct } });
        expect(r.statusCode, `${ct} ${payload.length}: ${r.body}`).toBe(400);
        expect(r.json()).toMatchObject({ code: 400, msg: '上传的数据不完整或格式错误，请重新上传', data: null });
      }
      const good = await a.inject({
        method: 'POST',
        url: '/tpm/upload/upload-sellSetting',
        payload: full,
        headers: { authorization: emp, 'content-type': 'multipart/form-data; boundary=b0' },
      });
      expect(good.statusCode, good.body).toBe(200);
    });

    it('a body that cannot be read: 400/415 naming the body, in the user language', async () => {
      const cases: [string, string, number, string][] = [
        ['{', 'application/json', 400, '请求内容不是有效的 JSON（或含有不允许的 __proto__、constructor 键）'],
        ['{"__proto__":{"x":1}}', 'application/json', 400, '请求内容不是有效的 JSON（或含有不允许的 __proto__、constructor 键）'],
        ['', 'application/json', 400, '请求内容为空（应为 JSON 对象）'],
        ['<a/>', 'application/xml', 415, '不支持的请求内容类型'],
      ];
      for (const [payload, ct, status, message] of cases) {
        const r = await a.inject({ method: 'POST', url: '/emp/api/v2/biaoDan/record/get', payload, headers: { authorization: emp, 'content-type': ct } });
        expect(r.statusCode, payload).toBe(status);
        expect(r.json(), payload).toMatchObject({ code: status, msg: message, data: null, errors: [{ field: 'body', message }] });
      }
    });

    it('schema errors in the user language: limit 15 is ONE message naming 10, 20, 30 and 50', async () => {
      // the session's language decides (lina reads English, xuqiang traditional Chinese)
      await a.ctx.db.execute(sql`update users set duo_yu_yan_type = case username when 'lina' then 3 else 2 end where username in ('lina', 'xuqiang')`);
      const cases: [string, string, string][] = [
        [admin, '只能是 10、20、30、50 之一', '数据校验未通过'],
        [await a.login('lina'), 'Must be one of 10, 20, 30, 50', 'Validation failed'],
        [await a.login('xuqiang'), '只能是 10、20、30、50 之一', '數據校驗未通過'],
      ];
      for (const [token, message, msg] of cases) {
        const r = await json(a, '/emp/api/v2/biaoDan/record/list', '{"formCode":"feiYongShenQing","limit":15}', token);
        expect(r.statusCode).toBe(422);
        expect(r.json(), message).toEqual({ code: 422, msg, data: null, errors: [{ field: 'limit', message, code: 'enum' }] });
      }
      // an anonymous caller: Accept-Language
      const anon = await json(a, '/emp/api/v2/login', '{"username":{"a":1}}', '', 'en-US');
      expect(anon.json().errors).toEqual(expect.arrayContaining([{ field: 'username', message: 'Must be a string', code: 'type' }]));
      // several keywords at once: required, type, maxLength, a pattern, an unknown field
      const r = await json(a, '/emp/api/v2/biaoDan/record/save', JSON.stringify({ data: [], title: 'x'.repeat(201), id: 'abc' }), emp);
      expect(r.statusCode).toBe(422);
      const errors = r.json().errors as { field: string; message: string }[];
      expect(errors).toEqual(
        expect.arrayContaining([
          { field: 'formCode', message: '必填', code: 'required' },
          { field: 'data', message: '应为对象', code: 'type' },
          { field: 'title', message: '最多 200 个字符', code: 'maxLength' },
          { field: 'id', message: '格式不正确', code: 'pattern' },
        ]),
      );
      for (const e of errors) expect(e.message).not.toMatch(/must|should/);
      // a union of an array and its JSON text: a too long list says so, a number says what types are allowed
      const filters = await json(
        a,
        '/emp/api/v2/biaoDan/record/list',
        JSON.stringify({ formCode: 'feiYongShenQing', filters: Array.from({ length: 21 }, () => ({ key: 'id', op: 'eq' })) }),
        admin,
      );
      expect(filters.json().errors).toEqual([{ field: 'filters', message: '最多 20 项', code: 'maxItems' }]);
      const typed = await json(a, '/emp/api/v2/biaoDan/record/list', JSON.stringify({ formCode: 'feiYongShenQing', filters: { a: 1 } }), admin);
      expect(typed.json().errors).toEqual([{ field: 'filters', message: '应为数组或字符串', code: 'type' }]);
      // JSON text over its length: the length is the message (not the one-item array ajv's coercion also tries)
      const longText = await json(a, '/emp/api/v2/biaoDan/record/list', JSON.stringify({ formCode: 'feiYongShenQing', filters: 'x'.repeat(10_001) }), admin);
      expect(longText.json().errors).toEqual([{ field: 'filters', message: '最多 10000 个字符', code: 'maxLength' }]);
    });
  });
}

describe('the guards and the messages, without a server', () => {
  it('inputProblem walks deep values without recursion and names the path', () => {
    expect(inputProblem(JSON.parse(nested(100_000)))).toEqual({ path: '0.0.0.0.0.0.0.0…', kind: 'depth' });
    expect(inputProblem({ a: [{ b: 'x' }] })).toBeNull();
    expect(inputProblem(JSON.parse(nested(MAX_DEPTH)))).toBeNull();
    expect(inputProblem(JSON.parse(nested(MAX_DEPTH + 1)))?.kind).toBe('depth');
    expect(inputProblem({ a: { b: ['ok', 'n\u0000'] } })).toEqual({ path: 'a.b.1', kind: 'character' });
    expect(inputProblem({ a: '\udc00x' })).toEqual({ path: 'a', kind: 'character' });
    expect(inputProblem({ a: '😀 字' })).toBeNull();
  });

  it('maps every keyword with its parameters (minimum, exclusive bounds, items, format, unique, additional properties)', () => {
    const err = {
      validationContext: 'body',
      validation: [
        { keyword: 'minimum', instancePath: '/page', schemaPath: '#/properties/page/minimum', params: { comparison: '>=', limit: 1 } },
        { keyword: 'exclusiveMaximum', instancePath: '/x', schemaPath: '#/properties/x/exclusiveMaximum', params: { limit: 5 } },
        { keyword: 'minItems', instancePath: '/rows', schemaPath: '#/properties/rows/minItems', params: { limit: 1 } },
        { keyword: 'format', instancePath: '/day', schemaPath: '#/properties/day/format', params: { format: 'date' } },
        { keyword: 'format', instancePath: '/odd', schemaPath: '#/properties/odd/format', params: { format: 'ipv6' } },
        { keyword: 'uniqueItems', instancePath: '/ids', schemaPath: '#/properties/ids/uniqueItems', params: { i: 3, j: 1 } },
        { keyword: 'additionalProperties', instancePath: '', schemaPath: '#/additionalProperties', params: { additionalProperty: 'zz' } },
        { keyword: 'enum', instancePath: '/order', schemaPath: '#/properties/order/enum', params: { allowedValues: ['asc', 'desc'] } },
        { keyword: 'type', instancePath: '/n', schemaPath: '#/properties/n/type', params: { type: 'integer,null' } },
        { keyword: 'type', instancePath: '', schemaPath: '#/type', params: { type: 'object' } },
      ],
    } as unknown as FastifyError;
    expect(validationErrors(err, 'zh-CN')).toEqual([
      { field: 'page', message: '不能小于 1', code: 'minimum' },
      { field: 'x', message: '须小于 5', code: 'exclusiveMaximum' },
      { field: 'rows', message: '至少 1 项', code: 'minItems' },
      { field: 'day', message: '应为日期格式', code: 'format' },
      { field: 'odd', message: '应为ipv6格式', code: 'format' },
      { field: 'ids', message: '不能有重复项（第 2 项与第 4 项相同）', code: 'uniqueItems' },
      { field: 'zz', message: '不允许的字段', code: 'additionalProperties' },
      { field: 'order', message: '只能是 asc、desc 之一', code: 'enum' },
      { field: 'n', message: '应为整数或空值', code: 'type' },
      { field: 'body', message: '应为对象', code: 'type' },
    ]);
    expect(validationErrors(err, 'en-US').slice(0, 2)).toEqual([
      { field: 'page', message: 'Must be at least 1', code: 'minimum' },
      { field: 'x', message: 'Must be less than 5', code: 'exclusiveMaximum' },
    ]);
    expect(validationErrors(err, 'zh-TW')[0]).toEqual({ field: 'page', message: '不能小於 1', code: 'minimum' });
  });
});
