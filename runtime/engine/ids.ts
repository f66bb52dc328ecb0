// Client-made ids (sub-form rows): 19-digit strings like the server's 64-bit ids.

/** A random 19-digit decimal string (never starting with 0). */
export function newRowId(): string {
  const bytes = new Uint32Array(2);
  globalThis.crypto.getRandomValues(bytes);
  // 63 random bits, forced into [1e18, 9.22e18): always 19 digits
  const n = ((BigInt(bytes[0] & 0x7fffffff) << 32n) | BigInt(bytes[1])) % 8_000_000_000_000_000_000n;
  return String(n + 1_000_000_000_000_000_000n);
}
