// One typed call per contract endpoint (schemas/api) on the app's client:
// `call(endpoints.records.save, body)` → Promise<the answer's data>. The path comes from the
// contract with the configured prefix filled in; the method and the encoding (form or JSON) too.
// The envelope and error handling are the client's (client.ts), unchanged. `endpoints` is the
// client's table of the contract (./paths: no TypeBox in the browser bundle); a contract
// endpoint itself (schemas/api) is accepted too (server-side tests, scripts).
import type { Static, TOptional, TSchema } from '@sinclair/typebox';
import type { DataOf, Endpoint } from '../../schemas/api';
import { api, type ApiClient, type CallOptions, type Payload } from './client';
import { pathOf, type ContractOf, type EndpointRoute } from './paths';

export { endpoints } from './paths';

/**
 * The spec's {prefix} as this client is configured: `VITE_API_PREFIX` at build time (the
 * server's API_PREFIX must match it), `/tpm` by default.
 */
export const API_PREFIX: string = (import.meta.env?.VITE_API_PREFIX as string | undefined) || '/tpm';

export interface ContractCallOptions extends CallOptions {
  /** values of the path's `{name}` parameters */
  params?: Record<string, string>;
}

/** The body argument of an endpoint: none, optional, or required. */
type BodyArgsOf<E extends Endpoint> =
  E['body'] extends TOptional<TSchema>
    ? [body?: Static<E['body']>, options?: ContractCallOptions]
    : E['body'] extends TSchema
      ? [body: Static<E['body']>, options?: ContractCallOptions]
      : [body?: Record<string, never>, options?: ContractCallOptions];
type BodyArgs<R> = BodyArgsOf<ContractOf<R>>;
type DataOfRoute<R> = DataOf<ContractOf<R>>;

export interface ContractCalls {
  /** Calls an endpoint; answers the `data` of its envelope (an ApiError otherwise). */
  call<R extends EndpointRoute>(endpoint: R, ...args: BodyArgs<R>): Promise<DataOfRoute<R>>;
  /** Calls an endpoint answering a file: the blob and the file name. */
  download<R extends EndpointRoute>(endpoint: R, ...args: BodyArgs<R>): Promise<{ blob: Blob; filename: string | null }>;
  /** Uploads one file to a multipart endpoint. */
  upload<R extends EndpointRoute>(endpoint: R, file: Blob, name: string, onProgress?: (percent: number) => void): Promise<DataOfRoute<R>>;
  /** The URL of an endpoint under this client's prefix. */
  url(endpoint: EndpointRoute, params?: Record<string, string>): string;
}

export function makeCalls(client: ApiClient = api, prefix: string = API_PREFIX): ContractCalls {
  const url = (e: EndpointRoute, params?: Record<string, string>) => pathOf(e, prefix, params);
  return {
    url,
    call<R extends EndpointRoute>(e: R, ...[body, options]: BodyArgs<R>): Promise<DataOfRoute<R>> {
      const { params, ...opts } = options ?? {};
      const payload = (body ?? {}) as Payload;
      if (e.method === 'GET') return client.get<DataOfRoute<R>>(url(e, params), payload, opts);
      return client.post<DataOfRoute<R>>(url(e, params), payload, { ...opts, json: e.encoding === 'json' || opts.json });
    },
    download(e, ...[body, options]) {
      const { params, ...opts } = options ?? {};
      return client.blob(url(e, params), (body ?? {}) as Payload, opts);
    },
    upload(e, file, name, onProgress) {
      return client.upload(url(e), file, name, onProgress);
    },
  };
}

// The app's typed calls on the one client (bound at the first call, so importing this module
// never touches the client while modules are still being initialised)
let app: ContractCalls | null = null;
const calls = () => (app ??= makeCalls());
export const call: ContractCalls['call'] = (e, ...args) => calls().call(e, ...args);
export const download: ContractCalls['download'] = (e, ...args) => calls().download(e, ...args);
export const upload: ContractCalls['upload'] = (e, file, name, onProgress) => calls().upload(e, file, name, onProgress);
export const endpointUrl = (e: EndpointRoute, params?: Record<string, string>) => pathOf(e, API_PREFIX, params);
