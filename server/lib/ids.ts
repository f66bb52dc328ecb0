// 64-bit snowflake ids as 19-digit decimal strings (never JS numbers): 41 bits of milliseconds
// since the Twitter epoch, 10 bits of worker, 12 bits of sequence. Time-ordered, so `id desc`
// is creation order and keyset pagination on id works.
const EPOCH = 1288834974657n;
const WORKER = BigInt(process.pid % 1024);
let lastMs = -1n;
let seq = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now < lastMs) now = lastMs; // clock went back: stay monotonic
  if (now === lastMs) {
    seq = (seq + 1n) & 4095n;
    if (seq === 0n) now = lastMs + 1n; // sequence exhausted within this ms: borrow the next one
  } else {
    seq = 0n;
  }
  lastMs = now;
  const id = ((now - EPOCH) << 22n) | (WORKER << 12n) | seq;
  return id.toString().padStart(19, '0');
}

export const ID_PATTERN = '^[0-9]{19}$';
export function isId(v: unknown): v is string {
  return typeof v === 'string' && /^[0-9]{19}$/.test(v);
}
