// Where process callbacks may go (no SSRF into the server's own network): the URL's host must
// match CALLBACK_ALLOWLIST (host or host:port patterns, `*.example.com` for subdomains), and the
// address it resolves to at connect time must be public — a private, loopback, link-local,
// multicast or reserved address is refused unless the host is listed exactly (not by a wildcard).
// The check runs inside the socket's DNS lookup, so a name cannot resolve to a public address
// for the check and a private one for the connection.
import dns from 'node:dns';
import net from 'node:net';

const blocked = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(a, p, 'ipv4');
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(a, p, 'ipv6');

/** Whether an IP address is private, loopback, link-local, multicast or reserved (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export type UrlVerdict = { ok: true; exact: boolean; host: string; port: number } | { ok: false; error: string };

const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);

/** Whether `url` may be called under `allowlist`: http(s), no credentials, its host (and port) matching a pattern. */
export function checkUrl(url: string, allowlist: readonly string[]): UrlVerdict {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, error: 'invalid callback URL' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { ok: false, error: `callback URL scheme ${u.protocol} not allowed` };
  if (u.username || u.password) return { ok: false, error: 'callback URL with credentials not allowed' };
  const host = u.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = u.port ? Number(u.port) : defaultPort(u.protocol);
  let exact = false;
  let matched = false;
  for (const raw of allowlist) {
    const pattern = raw.trim().toLowerCase();
    if (!pattern) continue;
    // host:port (an IPv6 pattern is written in brackets: [::1]:8080)
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(pattern);
    if (!m) continue;
    const pHost = m[1].replace(/^\[|\]$/g, '');
    if (m[2] !== undefined && Number(m[2]) !== port) continue;
    if (pHost.startsWith('*.')) {
      if (host.endsWith(pHost.slice(1)) && host.length > pHost.length - 1) matched = true;
    } else if (pHost === host) {
      matched = true;
      exact = true;
    }
  }
  if (!matched) return { ok: false, error: `callback host ${host}:${port} is not in CALLBACK_ALLOWLIST` };
  return { ok: true, exact, host, port };
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A socket `lookup` that refuses private addresses (unless `allowPrivate`): every address the
 * name resolves to must pass, and the connection goes to one of those checked addresses.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (!allowPrivate && (bad || list.length === 0)) {
        const e: NodeJS.ErrnoException = new Error(`callback host ${hostname} resolves to a private address ${bad?.address ?? ''}`.trim());
        e.code = 'EPRIVATEADDR';
        return callback(e, '');
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
