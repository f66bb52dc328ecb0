// Errors that map to the envelope of docs/api.md. `msgKey` is a key of the `server` locale
// namespace, translated into the request's language by the error handler.
export interface FieldError {
  field: string;
  message: string;
  code?: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly msgKey: string,
    readonly params: Record<string, unknown> = {},
    readonly extra: { errors?: FieldError[]; errorCode?: string | number; errorType?: string; code?: number } = {},
  ) {
    super(msgKey);
  }
}

export const unauthorized = () => new AppError(401, 'errors.sessionExpired', {}, { errorCode: '1000000', errorType: '10010' });
export const forbidden = () => new AppError(403, 'errors.forbidden');
export const notFound = (what = 'record') => new AppError(404, 'errors.notFound', { what });
export const conflict = (key = 'errors.staleWrite') => new AppError(409, key);
export const invalid = (errors: FieldError[]) => new AppError(422, 'errors.validation', {}, { errors });
/** a business failure the client shows as text: HTTP 200, `code: 1` */
export const businessFailure = (msgKey: string, params: Record<string, unknown> = {}) => new AppError(200, msgKey, params, { code: 1 });

export function ok<T>(data: T) {
  return { code: 0, msg: 'ok', data };
}
