import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable, OutageLog } from './pgErrors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** drizzle's wrapper: the driver error as `cause` */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it('knows the server going away, refusing connections, and the pool giving up', () => {
    for (const e of [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P02'),
      withCode('57P03', 'the database system is starting up'),
      withCode('53300'),
      withCode('08006'),
      withCode('08001'),
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new DatabaseUnavailableError('the database thread stopped (exit 1)'),
      wrapped(withCode('57P01')),
      wrapped(new Error('Connection terminated unexpectedly')),
      // node's connect to a name with several addresses
      Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), { code: undefined }),
    ]) {
      expect(isDatabaseUnavailable(e), String(e)).toBe(true);
    }
  });

  it('leaves statements that failed on a working database alone', () => {
    for (const e of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('40001'),
      withCode('40P01'),
      withCode('42P01', 'relation "x" does not exist'),
      withCode('22P02'),
      wrapped(withCode('23514')),
      new Error('boom'),
      null,
      undefined,
      'Connection terminated',
    ]) {
      expect(isDatabaseUnavailable(e), String(e)).toBe(false);
    }
  });

  it('does not loop on a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('OutageLog', () => {
  it('reports the first failure of an outage once, its end once, and backs off 1 s doubling to 60 s', () => {
    const o = new OutageLog();
    expect(o.delayMs()).toBe(0);
    expect(o.up()).toBeNull();
    expect(o.down()).toBe(true);
    expect(o.delayMs()).toBe(1000);
    expect(o.down()).toBe(false);
    expect(o.delayMs()).toBe(2000);
    for (let i = 0; i < 10; i++) o.down();
    expect(o.delayMs()).toBe(60_000);
    expect(o.isDown).toBe(true);
    expect(o.up()).toBeGreaterThanOrEqual(0);
    expect(o.up()).toBeNull();
    expect(o.down()).toBe(true);
  });
});
