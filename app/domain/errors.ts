/**
 * Errors a use case raises when a request cannot be honoured. Each carries a stable `code` that says what
 * happened; callers branch on the code, never on an HTTP status. app/http/errors.server.ts is the one place
 * that maps a code to a status (and a page or JSON response); the domain knows nothing of HTTP.
 */
export type ErrorCode =
  /** The input is malformed or breaks a rule of its field. */
  | "invalid"
  /** No session, or it ended. */
  | "unauthenticated"
  /** The workspace's plan has no room left (the task limit). */
  | "plan_limit"
  /** The caller may not do this (role, plan gate, cross-site post, a full team). */
  | "forbidden"
  /** No such thing in the caller's workspace. */
  | "not_found"
  | "method_not_allowed"
  /** An open task with the same title exists; `extra.duplicateOf` is it. */
  | "duplicate"
  /** The state of things does not allow it now (a name taken, a cycle, a change racing another). */
  | "conflict"
  /** A link that has expired, was used up or was revoked. */
  | "gone"
  | "too_large"
  | "unsupported_media_type"
  /** An outside service (Slack) could not be reached with the stored settings. */
  | "unreachable"
  | "rate_limited"
  /** An outside service answered in a way we cannot use. */
  | "upstream"
  /** A feature whose settings this deployment lacks (billing, SECRETS_KEY). */
  | "not_configured";

export type FieldErrors = Record<string, string[]>;

export interface AppErrorExtra {
  /** A short heading for the toast that shows the message ("Category Already Exists"); "Error" when absent. */
  title?: string;
  fieldErrors?: FieldErrors;
  /** Seconds a rate-limited caller should wait (the Retry-After header). */
  retryAfter?: number;
  /** Anything else an API client is told in the JSON error body (`duplicateOf`, `limit`, `upgradeTo` …). */
  [detail: string]: unknown;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: AppErrorExtra = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get title() {
    return this.extra.title;
  }
}

/** Whether `error` is an AppError with one of `codes` (any AppError when none are given). */
export function isAppError(error: unknown, ...codes: ErrorCode[]): error is AppError {
  return error instanceof AppError && (codes.length === 0 || codes.includes(error.code));
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError("invalid", message, fieldErrors ? { fieldErrors } : {});
export const unauthorized = () => new AppError("unauthenticated", "Authentication required");
export const forbidden = (message = "You do not have access to this", extra: AppErrorExtra = {}) =>
  new AppError("forbidden", message, extra);
export const notFound = (what = "Not found") => new AppError("not_found", what);
export const conflict = (message: string, extra: AppErrorExtra = {}) => new AppError("conflict", message, extra);
export const gone = (message: string) => new AppError("gone", message);
