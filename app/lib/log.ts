/**
 * What a log line may say about an error: each class in its cause chain with a code, never a message. Drizzle's
 * query errors carry the SQL and its parameters (titles, names, emails) in theirs; others may echo user text.
 * Codes are the error's own `code` (Slack, Stripe, jose) or, for a D1 error, its `D1_…` and `SQLITE_…` words.
 */
export function errorSummary(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  // Down the cause chain until an error names a code (the drizzle error's cause is D1's).
  for (let depth = 0; current instanceof Error && depth < 3; depth += 1) {
    const codes = codesOf(current);
    parts.push([classOf(current), ...codes].join(" "));
    if (codes.length) break;
    current = current.cause;
  }
  return parts.length ? parts.join(" <- ") : "unknown";
}

const CODE = /^[A-Za-z0-9_.-]{1,64}$/;
const D1_CODE = /^(?:D1|SQLITE)_[A-Z_]{1,40}$/;

function classOf(error: Error) {
  const name = error.name !== "Error" ? error.name : error.constructor?.name;
  return typeof name === "string" && CODE.test(name) ? name : "Error";
}

function codesOf(error: Error): string[] {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && CODE.test(code)) return [code];
  // D1: "D1_ERROR: UNIQUE constraint failed: users.id: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_PRIMARYKEY)".
  // Only its code words are kept; the text between them stays out.
  if (!error.message.startsWith("D1_")) return [];
  const words = error.message.split(/[^A-Z0-9_]+/).filter((word) => D1_CODE.test(word));
  return [...new Set(words)];
}
