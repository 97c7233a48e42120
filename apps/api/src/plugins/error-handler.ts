import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorCode } from '@sprout/core/routes';
import { AppError } from '../errors';
import { isDatabaseUnavailable } from '../db-errors';

/** An error answer: a code of the catalogue (so clients can branch on it by type) and a sentence. */
interface ErrorAnswer {
  code: ErrorCode;
  message: string;
}

/** The catalogue's own sentence for a code. */
const said = (code: ErrorCode): ErrorAnswer => ({ code, message: ERROR_CODES[code].message });

const FASTIFY_CODES: Record<string, ErrorAnswer> = {
  FST_ERR_CTP_INVALID_JSON_BODY: said('invalid_json'),
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'The request body is empty but JSON was declared.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: said('unsupported_media_type'),
  FST_ERR_CTP_BODY_TOO_LARGE: said('body_too_large'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_request', message: 'The Content-Length header does not match the body.' },
};

const fieldPath = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

/** Every failure leaves as `{code, message}`; internals are logged, never sent. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (typeof error.extra.retryAfterSeconds === 'number') reply.header('retry-after', String(error.extra.retryAfterSeconds));
      return reply.status(error.status).send({ code: error.code, message: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.flatMap((v) => {
        // Zod reports unknown keys on the parent object; name each key so clients can show it.
        const keys = (v.params as { keys?: unknown }).keys;
        const base = fieldPath(v.instancePath);
        if (v.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
          return keys.map((k) => ({ path: base ? `${base}.${String(k)}` : String(k), message: 'Unknown field.' }));
        }
        return [{ path: base, message: v.message ?? 'Invalid value.' }];
      });
      const where = error.validationContext === 'body' ? '' : ` (${error.validationContext})`;
      const first = fields[0]!;
      const answer: ErrorAnswer = { code: 'invalid_request', message: `Invalid request${where}: ${first.path ? `${first.path}: ` : ''}${first.message}` };
      return reply.status(400).send({ ...answer, fields });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(error.statusCode ?? 400).send(known);
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(said('unavailable'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ code: 'bad_request', message: error.message } satisfies ErrorAnswer);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(said('internal'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` } satisfies ErrorAnswer);
  });
}
