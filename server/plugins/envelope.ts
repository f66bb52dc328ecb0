// The envelope of docs/api.md for every error: AppError, schema validation (422, translated field
// messages: schemaErrors.ts), a malformed multipart body (400), body too large (413), rate limit
// (429), unknown routes (404), anything else (500, logged).
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { pickLocale, t } from '../lib/i18n';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../lib/pgErrors';
import { isMultipartParseError } from './bodyDepth';
import { validationErrors } from './schemaErrors';

/** Fastify's errors for a body it cannot read, and their messages. */
const UNREADABLE_BODY: ReadonlyMap<string, string> = new Map(
  Object.entries({
    FST_ERR_CTP_INVALID_JSON_BODY: 'errors.badJson',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.emptyJson',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.badMediaType',
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'errors.badRequest',
  }),
);

export function registerEnvelope(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const locale = req.locale ?? 'zh-CN';
    // the database went away (restart, failover, lost connection): 503 and when to retry, not 500
    if (isDatabaseUnavailable(err)) {
      // the session could not be read: the request's own language, not the default
      const lang = req.auth ? locale : pickLocale(req.headers['accept-language']);
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.code(503).send({ code: 503, msg: t(lang, 'errors.databaseUnavailable'), data: null });
    }
    if (err instanceof AppError) {
      const msg = t(locale, err.msgKey, err.params);
      const code = err.extra.code ?? err.status;
      const body: Record<string, unknown> = { code, msg, data: null };
      if (err.extra.errors) body.errors = err.extra.errors;
      if (err.extra.errorCode !== undefined) body.errorCode = err.extra.errorCode;
      if (err.extra.errorType !== undefined) body.errorType = err.extra.errorType;
      return reply.code(err.status).send(body);
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      return reply.code(422).send({ code: 422, msg: t(locale, 'errors.validation'), data: null, errors: validationErrors(fe, locale) });
    }
    // a malformed or cut-off multipart body (the parser's own errors carry no status)
    if (isMultipartParseError(fe)) {
      return reply
        .code(400)
        .send({ code: 400, msg: t(locale, 'errors.badMultipart'), data: null, errors: [{ field: 'file', message: t(locale, 'errors.badMultipart') }] });
    }
    const status = fe.statusCode ?? 500;
    if (status === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ code: 413, msg: t(locale, 'errors.tooLarge'), data: null });
    }
    if (status === 429) return reply.code(429).send({ code: 429, msg: t(locale, 'errors.tooManyRequests'), data: null });
    // a body that cannot be read (not JSON, prototype keys, empty, an unknown content type): say so on `body`
    const unreadable = UNREADABLE_BODY.get(fe.code ?? '');
    if (unreadable && status >= 400 && status < 500) {
      const message = t(locale, unreadable);
      return reply.code(status).send({ code: status, msg: message, data: null, errors: [{ field: 'body', message, code: fe.code }] });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ code: status, msg: t(locale, 'errors.badRequest'), data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ code: 500, msg: t(locale, 'errors.internal'), data: null });
  });
}
