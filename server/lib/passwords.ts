// scrypt password hashes. OWASP parameters (N=2^17, r=8, p=1); FORMWORK_TEST_MODE lowers the
// cost for the test suite only. Format: scrypt$N$r$p$salt$hash (base64url).
import { scrypt, randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scryptAsync = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scrypt(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))));

const KEYLEN = 32;

export function scryptParams(testMode: boolean) {
  return testMode ? { N: 2 ** 10, r: 8, p: 1 } : { N: 2 ** 17, r: 8, p: 1 };
}

export async function hashPassword(password: string, testMode: boolean): Promise<string> {
  const { N, r, p } = scryptParams(testMode);
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEYLEN, { N, r, p, maxmem: 256 * N * r });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const N = Number(n),
    R = Number(r),
    P = Number(p);
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, { N, r: R, p: P, maxmem: 256 * N * R });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password that fails no check of a hash (used to spend the same time for unknown users). */
export const DUMMY_HASH_INPUT = 'formwork-dummy-password';
