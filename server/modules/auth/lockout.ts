// Failed sign-ins lock one (account, client address) pair, never the account everywhere: a
// stranger who guesses wrong five times locks only themselves out, and the owner signs in from
// their own address. The same counting applies to names that do not exist, so the answers do not
// tell which accounts do. Each lock of a pair lasts twice the last (1 min, 2, 4, … capped at
// `maxMs`); a success or a quiet day forgets the pair.
//
// The pairs live in this process (bounded): behind several processes an attacker gets a few
// more tries per process, still under the per-address rate limit of the login routes.

export interface LockoutPolicy {
  /** failures in a row before a lock */
  after: number;
  /** the first lock's length */
  baseMs: number;
  /** the longest lock */
  maxMs: number;
}

interface Entry {
  failures: number;
  /** locks so far (the next lasts baseMs · 2^locks) */
  locks: number;
  lockedUntil: number;
  lastAt: number;
}

const FORGET_AFTER_MS = 24 * 60 * 60_000;
const MAX_ENTRIES = 50_000;

export class LoginLockout {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly policy: LockoutPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  private static key(username: string, address: string) {
    return `${username.trim().toLowerCase()}\u0000${address}`;
  }

  private entry(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e && this.now() - e.lastAt > FORGET_AFTER_MS && e.lockedUntil <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  /** Milliseconds the pair is still locked for (0: not locked). */
  lockedFor(username: string, address: string): number {
    const e = this.entry(LoginLockout.key(username, address));
    return e ? Math.max(0, e.lockedUntil - this.now()) : 0;
  }

  /**
   * Counts a failure (login counts each attempt before checking the password, and a success
   * forgets the pair); answers the length of the lock it starts (0: none yet).
   */
  fail(username: string, address: string): number {
    const key = LoginLockout.key(username, address);
    const now = this.now();
    const e = this.entry(key) ?? { failures: 0, locks: 0, lockedUntil: 0, lastAt: now };
    e.failures += 1;
    e.lastAt = now;
    let lockMs = 0;
    if (e.failures >= this.policy.after) {
      lockMs = Math.min(this.policy.maxMs, this.policy.baseMs * 2 ** e.locks);
      e.locks += 1;
      e.failures = 0;
      e.lockedUntil = now + lockMs;
    }
    // most recently used last: the oldest pair goes first when the map is full
    this.entries.delete(key);
    this.entries.set(key, e);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return lockMs;
  }

  /** A successful sign-in forgets the pair. */
  succeed(username: string, address: string): void {
    this.entries.delete(LoginLockout.key(username, address));
  }

  /** An administrator's password reset: forget every pair of the account, wherever from. */
  forgetAccount(username: string): void {
    const prefix = `${username.trim().toLowerCase()}\u0000`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /** Forget every pair (tests). */
  clear(): void {
    this.entries.clear();
  }
}

export const FIRST_LOCK_MS = 60_000;
