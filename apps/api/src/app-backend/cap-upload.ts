import { Transform, type Readable } from 'node:stream';
import { AppError } from '../errors';

const tooBig = (limit: number) => new AppError(413, 'file_too_large', `Files can be at most ${Math.round(limit / (1024 * 1024))} MB.`);

/**
 * An upload's body, cut off at `limit` bytes: refused at once when its declared length is over it,
 * else passed on until it goes over (a body sent without a length, or longer than it said).
 */
export function capUpload(payload: Readable, contentLength: string | undefined, limit: number): Readable {
  if (contentLength !== undefined && Number(contentLength) > limit) throw tooBig(limit);
  // Fastify compares the bytes received, counted on the stream it is handed, with the declared length.
  const capped: Transform & { receivedEncodedLength?: number } = new Transform({
    transform(chunk: Buffer, _enc, done) {
      capped.receivedEncodedLength = (capped.receivedEncodedLength ?? 0) + chunk.length;
      if (capped.receivedEncodedLength > limit) done(tooBig(limit));
      else done(null, chunk);
    },
  });
  capped.receivedEncodedLength = 0;
  payload.on('error', (err) => capped.destroy(err));
  return payload.pipe(capped);
}
