import { z } from 'zod';

/** Every error the API answers: a stable `code` for programs (routes/error-codes.ts), a `message` for people. */
export const ErrorBody = z
  .looseObject({
    code: z.string(),
    message: z.string(),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Ids of sprouts, runs, versions and uploads: lower-case letters and digits. */
export const resourceId = (what: string) => z.string().regex(/^[a-z0-9]{1,64}$/, { error: `Invalid ${what} id.` });

/** `{ id }` path parameters of a project, run or upload route. */
export const idParams = (what: string) => z.strictObject({ id: resourceId(what) });

/** 204 answers carry no body. */
export const NoContent = z.undefined();
