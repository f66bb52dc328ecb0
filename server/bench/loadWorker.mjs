// The load generator of `npm run bench:api`, in its own thread so autocannon's client work does
// not share the server's event loop. Receives the autocannon options, answers every response's
// latency (ms) and the summary (tagged: autocannon posts messages of its own from a worker).
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const latencies = [];
const inst = autocannon(workerData, (err, res) => {
  if (err) parentPort.postMessage({ formworkLoad: true, error: String(err) });
  else
    parentPort.postMessage({
      formworkLoad: true,
      latencies,
      requestsPerSecond: latencies.length / workerData.duration,
      non2xx: res?.non2xx ?? 0,
      errors: res?.errors ?? 0,
    });
});
inst.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
