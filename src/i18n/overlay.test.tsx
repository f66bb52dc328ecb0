// The server's key bundles are data from the network: overlaying them must write nothing outside
// i18next's own resources, whatever names they carry.
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, overlayServerKeys } from './i18n';

const global = Object as unknown as Record<string, unknown>;
const proto = Object.prototype as unknown as Record<string, unknown>;
afterEach(() => {
  for (const k of ['polluted', 'limit', 'x']) {
    delete global[k];
    delete proto[k];
  }
});

describe('overlaying the server keys', () => {
  it('ignores unknown namespaces and __proto__ / constructor / prototype keys', () => {
    const bundles = JSON.parse(
      '{"constructor":{"polluted":"1"},"__proto__":{"limit":"2"},"app":{"__proto__":{"x":"3"},"constructor":{"prototype":{"polluted":"4"}},"demo":{"ok":"好","prototype":{"x":"5"}}},"nope":{"a":"b"}}',
    ) as Record<string, unknown>;
    const n = overlayServerKeys('zh-CN', bundles);
    expect(global.polluted).toBeUndefined();
    expect(proto.polluted).toBeUndefined();
    expect(proto.limit).toBeUndefined();
    expect(proto.x).toBeUndefined();
    expect(n).toBe(1);
    expect(i18n.t('app:demo.ok')).toBe('好');
    expect(i18n.exists('app:demo.prototype.x')).toBe(false);
    expect(i18n.hasResourceBundle('zh-CN', 'nope')).toBe(false);
  });
});
