// Secrets never reach the log: a session token may come as `?empSessionId=…` (spec: the legacy
// client passes it in the URL), a QR ticket as `?ticket=…`, a password in a form body that an
// error message quotes. Every log line of the server goes through these serializers (app.ts).
import type { FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Names of query parameters, form fields and headers whose values are secrets. */
const SECRET_NAME = /token|session|passw|pwd|secret|ticket|auth|cookie|api[-_]?key|signature|credential/i;
export const REDACTED = '[REDACTED]';

/** `name=value` at the start or after `?`, `&`, `;`, `,` or a space (a URL's query, a form body, a cookie, a message). */
const SECRET_PAIR = /(^|[?&;,\s])([^=&;,\s#?]+)=([^&;,\s#"'<>]*)/g;

/** The text with the value of every secret `name=value` pair replaced. */
export function redactText(text: string): string {
  return text.replace(SECRET_PAIR, (whole, sep: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      /* a malformed escape: judge the raw name */
    }
    return SECRET_NAME.test(decoded) ? `${sep}${name}=${REDACTED}` : whole;
  });
}

/** A URL (path and query) with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q) + redactText(url.slice(q));
}

/** Headers with the values of secret ones replaced (authorization, token, empsessionid, cookie, …). */
export function redactHeaders(headers: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!headers) return headers;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = SECRET_NAME.test(k) ? REDACTED : typeof v === 'string' ? redactText(v) : v;
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL redacted (headers are not logged). */
function req(r: LoggedRequest) {
  return {
    method: r.method,
    url: typeof r.url === 'string' ? redactUrl(r.url) : r.url,
    host: r.host,
    remoteAddress: r.ip,
    remotePort: r.socket?.remotePort,
  };
}

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  [k: string]: unknown;
}

/** An error as pino writes it (type, message, stack, own fields), every string redacted. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? redactText(err) : err;
  const out: SerializedError = {
    type: err.constructor?.name ?? 'Error',
    message: redactText(err.message),
    stack: err.stack ? redactText(err.stack) : undefined,
  };
  for (const [k, v] of Object.entries(err)) {
    if (k === 'message' || k === 'stack') continue;
    if (typeof v === 'string') out[k] = SECRET_NAME.test(k) ? REDACTED : redactText(v);
    else if (typeof v === 'number' || typeof v === 'boolean' || v === null) out[k] = v;
  }
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** The logger options of the server (app.ts): level, redacting serializers, an optional stream (tests). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req, err: (e: Error) => serializeError(e) as SerializedError & { stack: string } },
    // anything logged under these names (a handler logging headers or a body) is hidden too
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.token',
        'req.headers.empsessionid',
        'req.headers.cookie',
        'headers.authorization',
        'headers.token',
        'headers.empsessionid',
        'headers.cookie',
        'password',
        '*.password',
        'token',
        '*.token',
      ],
      censor: REDACTED,
    },
  };
}
