import { ERRORS, type ErrorKey, type FieldIssue } from '@psy/contracts';

/**
 * An error a client caused or may act on. Thrown anywhere below a route; the error handler turns it
 * into the catalogue's HTTP status and `{code, msg, data}` body.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly status: number;
  readonly code: number;
  readonly data: unknown;
  readonly headers: Record<string, string>;

  constructor(key: ErrorKey, message?: string, data: unknown = null, headers: Record<string, string> = {}) {
    super(message ?? ERRORS[key].en);
    this.key = key;
    this.status = ERRORS[key].status;
    this.code = ERRORS[key].code;
    this.data = data;
    this.headers = headers;
    /** Whether the message is a catalogue default, which is then given in the caller's language. */
    this.isDefaultMessage = message === undefined;
  }

  readonly isDefaultMessage: boolean;
}

export const badRequest = (field: string, message: string): AppError =>
  new AppError('badRequest', `${field}: ${message}`, { fields: [{ field, message } satisfies FieldIssue] });

export const notFound = (what: string): AppError => new AppError('notFound', `${what} does not exist`);
export const forbidden = (message?: string): AppError => new AppError('forbidden', message);
export const unauthenticated = (message?: string): AppError => new AppError('unauthenticated', message);
