import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One HTTP call of the API: where it lives, what it accepts and what it answers.
 * The server registers routes from these and the web's client calls through them.
 */
export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path as the server serves it, with `:name` parameters (e.g. `/admin/pageSetup/findPageSetupByTenantId/:id`). */
  path: string;
  summary: string;
  tags?: string[];
  query?: Q;
  body?: B;
  params?: P;
  /** Schema of `data` in the success envelope; `null` for calls that answer a file or stream. */
  response: R | null;
  /** `form` for application/x-www-form-urlencoded bodies (the OAuth token call); `text` for text/plain. */
  bodyType?: 'json' | 'form' | 'multipart' | 'text';
  /** Content type of a non-envelope answer (captcha image, file download). */
  produces?: string;
}

export function defineEndpoint<
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<Q, B, P, R>): Endpoint<Q, B, P, R> {
  return e;
}

export type QueryOf<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType, z.ZodType> ? z.input<B> : never;
export type ParamsOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer P, z.ZodType> ? z.input<P> : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** The body of every JSON answer (spec S0.7): `code` 0 on success. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const pageOf = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    estimated: z
      .boolean()
      .optional()
      .describe('true: more rows than a list counts (10,000); `total` is then an estimate'),
    current: z.number().int(),
    size: z.number().int(),
  });

export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
