// The embedded database's own thread: one PGlite (WASM PostgreSQL) per worker, so query
// execution never blocks the API's event loop and the two run on separate cores. Plain
// JavaScript, loaded as is by `new Worker` under tsx, vitest and `npm start` alike.
//
// Messages in:  { id, op: 'query', sql, params, rowMode, tx? } | { id, op: 'exec', sql, tx? }
//               { id, op: 'begin' } | { id, op: 'end', tx, commit } | { id, op: 'close' }
// Messages out: { id, ok: true, value } | { id, ok: false, error: { message, ...fields } }
// A failure of the WASM instance itself ends the thread (exit 70): the client opens a new one.
// A transaction holds PGlite's own lock from 'begin' until 'end' (PGlite.transaction), so
// statements outside it wait, exactly as they would in process.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

// as drizzle's PGlite driver asks on every query: dates, times and intervals stay text
const passThrough = (v) => v;
const PARSERS = {
  [types.TIMESTAMP]: passThrough,
  [types.TIMESTAMPTZ]: passThrough,
  [types.INTERVAL]: passThrough,
  [types.DATE]: passThrough,
  1231: passThrough,
  1115: passThrough,
  1185: passThrough,
  1187: passThrough,
  1182: passThrough,
};
const ERROR_FIELDS = ['code', 'severity', 'detail', 'hint', 'position', 'schema', 'table', 'column', 'dataType', 'constraint', 'where', 'routine'];

let db;
try {
  db = await PGlite.create(workerData.dataDir);
} catch (err) {
  parentPort.postMessage({ ready: false, error: errorOf(err) });
  process.exit(1);
}
/** open transactions: id → { tx, finish(commit) } */
const open = new Map();
let nextTx = 1;

function errorOf(err) {
  const out = { message: err instanceof Error ? err.message : String(err) };
  for (const k of ERROR_FIELDS) if (err && err[k] !== undefined) out[k] = err[k];
  return out;
}

function target(tx) {
  if (tx === undefined) return db;
  const t = open.get(tx);
  if (!t) throw new Error(`transaction ${tx} is not open`);
  return t.tx;
}

async function handle(m) {
  switch (m.op) {
    case 'query': {
      const r = await target(m.tx).query(m.sql, m.params, { rowMode: m.rowMode, parsers: PARSERS });
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'exec': {
      const rs = await target(m.tx).exec(m.sql);
      return rs.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin': {
      const id = nextTx++;
      await new Promise((started, failed) => {
        db.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              open.set(id, { tx, finish: (ok) => (ok ? commit() : rollback(new Error('rollback'))) });
              started();
            }),
        ).then(
          () => open.get(id)?.done?.resolve(),
          (err) => {
            const t = open.get(id);
            if (t?.done) t.done.reject(err);
            else failed(err);
          },
        );
      });
      return id;
    }
    case 'end': {
      const t = open.get(m.tx);
      if (!t) throw new Error(`transaction ${m.tx} is not open`);
      const done = new Promise((resolve, reject) => (t.done = { resolve, reject }));
      t.finish(m.commit);
      try {
        await done;
      } catch (err) {
        if (m.commit) throw err;
      } finally {
        open.delete(m.tx);
      }
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown op ${m.op}`);
  }
}

/**
 * The WASM instance itself failed (an abort, a trap): the database is unusable from here on. The
 * thread ends, and the client side (pgliteThread.ts) rejects what was waiting and opens the data
 * directory again in a new thread.
 */
function fatal(err) {
  return err instanceof WebAssembly.RuntimeError || (err && (err.name === 'RuntimeError' || err.name === 'ExitStatus'));
}

parentPort.on('message', (m) => {
  handle(m).then(
    (value) => parentPort.postMessage({ id: m.id, ok: true, value }),
    (err) => {
      if (fatal(err)) {
        console.error(`[db] the embedded database failed: ${err.message}`);
        process.exit(70);
      }
      parentPort.postMessage({ id: m.id, ok: false, error: errorOf(err) });
    },
  );
});
parentPort.postMessage({ ready: true });
