/**
 * The browser's calls to our JSON API (spec §7): cookies ride along (same origin), writes send a JSON body
 * with a JSON content type when there is one, nothing is retried. A failure is a value, never a throw, so
 * callers pick the toast.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; message: string | null; fieldErrors: Record<string, string[]> };

/** What the server said went wrong: its `message` if it sent one, else the API's `error`. */
export function apiErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === "string" && message.trim()) return message;
  if (typeof error === "string" && error.trim()) return error;
  return null;
}

function fieldErrorsOf(body: unknown): Record<string, string[]> {
  const fieldErrors = body && typeof body === "object" ? (body as { fieldErrors?: unknown }).fieldErrors : undefined;
  if (!fieldErrors || typeof fieldErrors !== "object") return {};
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(fieldErrors)) {
    if (Array.isArray(value)) out[key] = value.filter((v): v is string => typeof v === "string");
  }
  return out;
}

export async function callApi<T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers:
        body === undefined
          ? { Accept: "application/json" }
          : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: null, fieldErrors: {} };
  }
  const parsed: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  return { ok: false, status: response.status, message: apiErrorMessage(parsed), fieldErrors: fieldErrorsOf(parsed) };
}
