import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { allEndpoints, endpoint, endpoints, pathOf, routeSchema } from './index';

describe('the API contract', () => {
  it('names each method and path once, with a known prefix placeholder', () => {
    const all = allEndpoints();
    expect(all.length).toBeGreaterThan(30);
    const keys = all.map(({ endpoint: e }) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { id, endpoint: e } of all) {
      expect(e.path, id).toMatch(/^(\{prefix\}|\/emp\/|\/health$)/);
      expect(e.path.replace(/\{(prefix|name)\}/g, ''), id).not.toMatch(/[{}]/);
      if (e.method === 'GET') expect(e.body, `${id}: a GET takes no body`).toBeUndefined();
    }
  });

  it('fills in the prefix and path parameters', () => {
    expect(pathOf(endpoints.auth.dealerLogin, '/tpm')).toBe('/tpm/dp/commons/check/check-login.action');
    expect(pathOf(endpoints.auth.dealerLogin, '/x/y')).toBe('/x/y/dp/commons/check/check-login.action');
    expect(pathOf(endpoints.auth.login, '/tpm')).toBe('/emp/api/v2/login');
    expect(pathOf(endpoints.masterData.autoComplete, '/tpm', { name: 'qudao-all' })).toBe('/tpm/emp/base/autoComplete/qudao-all');
    expect(() => pathOf(endpoints.masterData.autoComplete, '/tpm')).toThrow(/\{name\}/);
  });

  it('gives a route schema with only the parts an endpoint has, and no 200 schema for raw answers', () => {
    const plain = routeSchema(endpoint({ method: 'GET', path: '/health', tag: 't', summary: 's', data: Type.Null(), errors: [] }));
    expect(Object.keys(plain).sort()).toEqual(['response', 'summary', 'tags']);
    expect(plain.response[200].properties.data).toEqual(Type.Null());
    const list = routeSchema(endpoints.records.list);
    expect(list.body).toBe(endpoints.records.list.body);
    expect('response' in list).toBe(false);
    expect('response' in routeSchema(endpoints.files.download)).toBe(false);
    expect(routeSchema(endpoints.files.upload).consumes).toEqual(['multipart/form-data']);
  });
});
