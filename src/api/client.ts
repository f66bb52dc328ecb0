// The API client on ky. Every call sends Authorization (mytoken), empSessionId and token
// (spec §7); POST bodies are form-encoded unless the call says JSON; every answer passes the
// error catalogue (errorCatalogue.ts) before the caller sees it.
import ky, { type KyInstance } from 'ky';
import { REQUEST_TIMEOUT_MS } from '../../schemas/constants';
import { getSessionValue } from '../session/session';
import { applyCatalogue, classifyAnswer, type CatalogueOutcome } from './errorCatalogue';
import { loadingTracker } from './loadingTracker';
import { currentLocale } from '../i18n/i18n';

/** The answer envelope of docs/api.md. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  errorCode?: string | number;
  errorType?: string;
  errors?: { field: string; message: string }[];
}

export type ApiErrorKind =
  /** the server answered an envelope with a non-zero code */
  | 'business'
  /** the request failed: network, timeout, or an answer that is not an envelope */
  | 'network';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number | null;
  readonly status: number | null;
  readonly errors: { field: string; message: string }[];
  /** the error catalogue already handled it (maintenance, expired session): show nothing more */
  readonly handled: boolean;
  constructor(
    kind: ApiErrorKind,
    message: string,
    opts: { code?: number | null; status?: number | null; errors?: { field: string; message: string }[]; handled?: boolean; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.code = opts.code ?? null;
    this.status = opts.status ?? null;
    this.errors = opts.errors ?? [];
    this.handled = opts.handled ?? false;
  }
}

export type Payload = Record<string, unknown>;

export interface CallOptions {
  /** send the payload as JSON instead of form-encoded */
  json?: boolean;
  /** do not count towards the loading overlay (polling) */
  silent?: boolean;
  signal?: AbortSignal;
  /** extra headers */
  headers?: Record<string, string>;
}

/** Form-encode a payload: scalars as text, nested values as JSON strings (docs/api.md). */
export function formEncode(payload: Payload = {}): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null) continue;
    body.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return body;
}

/** The headers of spec §7, from the session. */
export function sessionHeaders(): Record<string, string> {
  const h: Record<string, string> = {};
  const mytoken = getSessionValue('mytoken');
  const token = getSessionValue('token');
  const empSessionId = getSessionValue('empSessionId');
  if (mytoken) h.Authorization = mytoken;
  if (empSessionId) h.empSessionId = empSessionId;
  if (token) h.token = token;
  h['Accept-Language'] = currentLocale();
  return h;
}

export interface ApiClientOptions {
  /** origin the paths are resolved against; defaults to the page's origin */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeout?: number;
}

export class ApiClient {
  private readonly http: KyInstance;
  private readonly baseUrl: string | undefined;
  private readonly timeout: number;

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = options.baseUrl;
    this.timeout = options.timeout ?? REQUEST_TIMEOUT_MS;
    this.http = ky.create({
      timeout: this.timeout,
      retry: 0,
      throwHttpErrors: false,
      credentials: 'same-origin',
      ...(options.fetch ? { fetch: options.fetch } : {}),
      hooks: {
        beforeRequest: [
          (request) => {
            for (const [k, v] of Object.entries(sessionHeaders())) request.headers.set(k, v);
          },
        ],
      },
    });
  }

  url(path: string): string {
    const base = this.baseUrl ?? (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
    return new URL(path, base).toString();
  }

  /** POST; answers `data` of a successful envelope, throws ApiError otherwise. */
  async post<T = unknown>(path: string, payload: Payload = {}, options: CallOptions = {}): Promise<T> {
    return this.call<T>('POST', path, payload, options);
  }

  async get<T = unknown>(path: string, params: Payload = {}, options: CallOptions = {}): Promise<T> {
    return this.call<T>('GET', path, params, options);
  }

  /** POST answering a file (download): the blob and the file name of Content-Disposition. */
  async blob(path: string, payload: Payload = {}, options: CallOptions = {}): Promise<{ blob: Blob; filename: string | null }> {
    const response = await this.send('POST', path, payload, options);
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      await this.readEnvelope(response);
      throw new ApiError('network', response.statusText, { status: response.status });
    }
    if (!response.ok) throw new ApiError('network', response.statusText, { status: response.status });
    const cd = response.headers.get('content-disposition') ?? '';
    const m = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(cd);
    const filename = m ? decodeURIComponent(m[1] ?? m[2] ?? '') : null;
    return { blob: await response.blob(), filename };
  }

  /**
   * Multipart upload of one file. With XMLHttpRequest (every browser) the progress comes from
   * `xhr.upload.onprogress` over an ordinary request body: a streamed fetch body (ky's
   * onUploadProgress) is sent by Chromium only over HTTP/2 and fails against an HTTP/1.1 server
   * with net::ERR_ALPN_NEGOTIATION_FAILED. Same headers, envelope, error catalogue, timeout and
   * abort signal as every other call; without XMLHttpRequest (Node) a plain fetch, no progress.
   */
  async upload<T = unknown>(path: string, file: Blob, name: string, onProgress?: (percent: number) => void, options: CallOptions = {}): Promise<T> {
    const form = new FormData();
    form.append('file', file, name);
    const done = options.silent ? () => {} : loadingTracker.start();
    try {
      const response =
        typeof XMLHttpRequest === 'undefined'
          ? await this.http.post(this.url(path), { body: form, signal: options.signal, headers: options.headers })
          : await this.xhrPost(this.url(path), form, onProgress, options);
      const env = await this.readEnvelope<T>(response);
      return env.data;
    } catch (e) {
      throw toApiError(e);
    } finally {
      done();
    }
  }

  /** POST a body through XMLHttpRequest: the answer's status and text, upload progress in percent. */
  private xhrPost(url: string, body: FormData, onProgress: ((percent: number) => void) | undefined, options: CallOptions): Promise<AnswerLike> {
    return new Promise<AnswerLike>((resolve, reject) => {
      const signal = options.signal;
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.timeout = this.timeout;
      xhr.withCredentials = false; // same-origin credentials, as the ky path
      for (const [k, v] of Object.entries({ ...sessionHeaders(), ...(options.headers ?? {}) })) xhr.setRequestHeader(k, v);
      if (onProgress) {
        xhr.upload.onprogress = (ev) => {
          if (ev.lengthComputable && ev.total > 0) onProgress(Math.min(100, Math.round((ev.loaded / ev.total) * 100)));
        };
      }
      const onAbort = () => xhr.abort();
      const cleanup = () => signal?.removeEventListener('abort', onAbort);
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.onload = () => {
        cleanup();
        if (onProgress) onProgress(100);
        const text = xhr.responseText;
        resolve({
          status: xhr.status,
          statusText: xhr.statusText,
          json: async () => JSON.parse(text) as unknown,
        });
      };
      xhr.onerror = () => {
        cleanup();
        reject(new TypeError(`Failed to fetch ${url}`));
      };
      xhr.ontimeout = () => {
        cleanup();
        reject(new DOMException(`Request timed out: POST ${url}`, 'TimeoutError'));
      };
      xhr.onabort = () => {
        cleanup();
        reject(signal ? abortReason(signal) : new DOMException('The upload was aborted', 'AbortError'));
      };
      xhr.send(body);
    });
  }

  private async send(method: 'GET' | 'POST', path: string, payload: Payload, options: CallOptions): Promise<Response> {
    const done = options.silent ? () => {} : loadingTracker.start();
    try {
      if (method === 'GET') {
        const url = new URL(this.url(path));
        for (const [k, v] of formEncode(payload)) url.searchParams.append(k, v);
        return await this.http.get(url.toString(), { signal: options.signal, headers: options.headers });
      }
      return await this.http.post(this.url(path), {
        signal: options.signal,
        headers: options.headers,
        ...(options.json ? { json: payload } : { body: formEncode(payload) }),
      });
    } catch (e) {
      throw toApiError(e);
    } finally {
      done();
    }
  }

  private async call<T>(method: 'GET' | 'POST', path: string, payload: Payload, options: CallOptions): Promise<T> {
    const response = await this.send(method, path, payload, options);
    const env = await this.readEnvelope<T>(response);
    return env.data;
  }

  /** Parse the envelope, run the error catalogue, throw for a non-zero code. */
  private async readEnvelope<T>(response: AnswerLike): Promise<Envelope<T>> {
    let body: unknown;
    try {
      body = await response.json();
    } catch (e) {
      throw new ApiError('network', response.statusText || 'invalid answer', { status: response.status, cause: e });
    }
    const outcome: CatalogueOutcome = classifyAnswer(body);
    if (outcome) {
      applyCatalogue(outcome);
      const b = body as Partial<Envelope>;
      throw new ApiError('business', String(b.msg ?? outcome), { code: Number(b.code ?? response.status), status: response.status, handled: true });
    }
    if (body === null || typeof body !== 'object' || !('code' in body)) {
      throw new ApiError('network', response.statusText || 'invalid answer', { status: response.status });
    }
    const env = body as Envelope<T>;
    if (Number(env.code) !== 0) {
      throw new ApiError('business', String(env.msg ?? ''), { code: Number(env.code), status: response.status, errors: env.errors ?? [] });
    }
    return env;
  }
}

/** What the envelope reader needs of an answer: a fetch Response, or an XMLHttpRequest's. */
interface AnswerLike {
  status: number;
  statusText: string;
  json(): Promise<unknown>;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The upload was aborted', 'AbortError');
}

function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new ApiError('network', message, { cause: e });
}

/** The one client of the app. */
export const api = new ApiClient();
