import type { FastifyError } from 'fastify';
import { AppError, badRequest } from './app-error';

/**
 * What Fastify refuses before a route's handler runs (a body over the limit, a content type no parser
 * takes, a Content-Length that does not match, a URL that does not decode), as one of our refusals: its
 * text is ours, written in English here and answered in the caller's language by the error handler
 * (`refusalText`), so a zh-CN reader never sees Fastify's English. Fastify's own message, which may
 * quote the request, goes to the log only. Unknown codes get the catalogue's default text of their
 * status, in the caller's language, and nothing of Fastify's message.
 */
export function frameworkRefusal(err: FastifyError): AppError {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payloadTooLarge', 'body: larger than this request may send');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        'unsupportedMedia',
        'content-type: not accepted here; send JSON, a form or multipart/form-data',
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('content-length', 'does not match the size of the body');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest('body', 'not valid JSON');
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_INVALID_URL':
      return badRequest('url', 'cannot be decoded');
    case 'FST_ERR_VALIDATION':
      return badRequest(err.validationContext ?? 'body', 'does not match the expected shape');
    default: {
      const status = err.statusCode ?? 400;
      return new AppError(
        status === 413
          ? 'payloadTooLarge'
          : status === 415
            ? 'unsupportedMedia'
            : status === 404
              ? 'notFound'
              : 'badRequest',
      );
    }
  }
}
