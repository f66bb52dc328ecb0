// What the benches share: percentiles, the raw side's latencies at a given concurrency, and the
// API side's load (autocannon in its own thread, loadWorker.mjs, so the load generator does not
// share the server's event loop).
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The p-th percentile of the samples (nearest rank). */
export function pct(samples: number[], p: number) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** Runs `run` from `connections` concurrent loops for `seconds`; answers every call's latency (ms). */
export async function rawLatencies(run: () => Promise<unknown>, seconds: number, connections: number): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await run();
        out.push(performance.now() - t);
      }
    }),
  );
  return out;
}

export interface LoadResult {
  latencies: number[];
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  error?: string;
}

/** One autocannon run with these options (url, method, headers, body, connections, duration). */
export function load(opts: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(path.join(HERE, 'loadWorker.mjs'), { workerData: opts });
    w.on('message', (m: LoadResult & { formworkLoad?: boolean }) => {
      if (!m?.formworkLoad) return;
      void w.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    w.once('error', reject);
  });
}
