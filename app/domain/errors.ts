/**
 * Errors a use case raises when a request cannot be honoured. app/lib/api.server.ts is the one place
 * that turns them into HTTP responses; nothing else picks status codes for domain failures.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export type FieldErrors = Record<string, string[]>;

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(400, message, fieldErrors ? { fieldErrors } : {});
export const unauthorized = () => new AppError(401, "Authentication required");
export const forbidden = (message = "You do not have access to this") => new AppError(403, message);
export const notFound = (what = "Not found") => new AppError(404, what);
export const conflict = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(409, message, extra);
export const gone = (message: string) => new AppError(410, message);
