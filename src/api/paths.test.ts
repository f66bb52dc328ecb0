// The client's path table (./paths) equals the API contract (schemas/api): the same modules and
// endpoints, each with the same method, path, body encoding and answer kind.
import { describe, expect, it } from 'vitest';
import { allEndpoints, endpoints as contract, pathOf as contractPathOf } from '../../schemas/api';
import { endpoints, pathOf, type EndpointRoute } from './paths';

const routeOf = (e: EndpointRoute) => ({
  method: e.method,
  path: e.path,
  ...(e.encoding ? { encoding: e.encoding } : {}),
  ...(e.answer ? { answer: e.answer } : {}),
});

const tableEntries = () =>
  Object.entries(endpoints).flatMap(([m, group]) =>
    Object.entries(group as Record<string, EndpointRoute>).map(([n, e]) => ({ id: `${m}.${n}`, route: routeOf(e) })),
  );

describe('the client path table', () => {
  it('has every endpoint of the contract with its method, path, encoding and answer, and nothing else', () => {
    const expected = allEndpoints().map(({ id, endpoint }) => ({ id, route: routeOf(endpoint) }));
    const drift = expected
      .filter(({ id, route }) => JSON.stringify(tableEntries().find((t) => t.id === id)?.route) !== JSON.stringify(route))
      .map(({ id, route }) => `${id}: ${JSON.stringify(route)}`);
    expect(drift, 'entries to copy into src/api/paths.ts').toEqual([]);
    expect(
      tableEntries()
        .map((t) => t.id)
        .sort(),
    ).toEqual(expected.map((e) => e.id).sort());
    expect(Object.keys(endpoints)).toEqual(Object.keys(contract));
  });

  it('fills the prefix and path parameters as the contract does', () => {
    const withParam = allEndpoints().find(({ endpoint }) => /\{(?!prefix)[a-zA-Z]+\}/.test(endpoint.path));
    for (const { endpoint } of allEndpoints().slice(0, 20)) expect(pathOf(endpoint, '/tpm')).toBe(contractPathOf(endpoint, '/tpm'));
    if (withParam) {
      const names = [...withParam.endpoint.path.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]).filter((n) => n !== 'prefix');
      const params = Object.fromEntries(names.map((n) => [n, 'a b/1']));
      expect(pathOf(withParam.endpoint, '/x', params)).toBe(contractPathOf(withParam.endpoint, '/x', params));
    }
    expect(() => pathOf({ path: '/a/{id}' }, '/tpm')).toThrow(/no value for \{id\}/);
  });
});
