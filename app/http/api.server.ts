import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ZodError, type ZodSchema, type ZodTypeDef } from "zod";
import { AppError, badRequest } from "~/domain/errors";
import { logUnexpected, messageOf, retryAfterHeaders, statusOf } from "./errors.server";
import { concatBytes } from "~/lib/bytes";

/** The one error shape of the API: `{ error, fieldErrors? }` with a 4xx status. */
export function jsonError(status: number, error: string, extra: Record<string, unknown> = {}) {
  return Response.json({ error, ...extra }, { status, headers: { "Cache-Control": "no-store" } });
}

/** An /api answer; `no-store` unless a reusable read sets its own (app/http/conditional.server.ts). */
export function json(data: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

export const MAX_BODY_BYTES = 64 * 1024;

/** Reads a body up to the cap without buffering more than the cap plus one chunk; over it, a 413 AppError. */
export async function readCappedBytes(request: Request, cap: number) {
  const tooLarge = () => new AppError("too_large", `Request body is too large (limit ${Math.round(cap / 1024)} KB)`);
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > cap) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return concatBytes(chunks, size);
}

/** The body as text, read with `readCappedBytes`. */
export async function readCapped(request: Request, cap: number) {
  return new TextDecoder().decode(await readCappedBytes(request, cap));
}

/**
 * Parses a JSON request body (≤ 64 KB, or `maxBytes` for the routes the Worker lets past its cap) and validates it;
 * every failure is a 4xx AppError.
 */
export async function readJson<T>(
  request: Request,
  schema: ZodSchema<T, ZodTypeDef, unknown>,
  options: { maxBytes?: number } = {},
): Promise<T> {
  const type = request.headers.get("content-type") ?? "";
  const raw = await readCapped(request, options.maxBytes ?? MAX_BODY_BYTES);
  if (type && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError("unsupported_media_type", "Send the body as JSON (Content-Type: application/json)");
  }
  let data: unknown;
  try {
    data = raw.trim() === "" ? {} : JSON.parse(raw);
  } catch {
    throw badRequest("Malformed JSON body");
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw badRequest("The body must be a JSON object");
  }
  return validate(schema, data);
}

export function validate<T>(schema: ZodSchema<T, ZodTypeDef, unknown>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

function validationError(error: ZodError) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const first = error.issues[0]?.message ?? "Invalid input";
  return badRequest(first, fieldErrors);
}

/** An AppError as the API's JSON error, with its status and any Retry-After. */
export function errorResponse(error: AppError) {
  const { retryAfter: _, title: __, ...extra } = error.extra;
  const response = jsonError(statusOf(error), messageOf(error), extra);
  for (const [name, value] of Object.entries(retryAfterHeaders(error))) response.headers.set(name, value);
  return response;
}

/**
 * Wraps an /api handler: domain errors become their 4xx JSON; anything unexpected is logged (message
 * only, never request data) and answered as a JSON 500 so clients always get the one error shape.
 */
export async function handleApi(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof AppError) return errorResponse(error);
    logUnexpected("api handler", error);
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;

/**
 * An /api resource route from its handlers by method: `const api = resource({ GET, POST })`, then
 * `export const loader = api.loader; export const action = api.action;` (Remix's build strips server exports only
 * when they are named one by one; a destructured export drags server code into the client bundle).
 * Every handler runs inside `handleApi` (the one JSON error shape); a method without a handler is a JSON 405 with
 * `Allow`, HEAD is answered by GET. Both exports always exist, so no method reaches Remix's own HTML 405.
 */
export function resource(handlers: Partial<Record<Method, Handler>>) {
  const allowed = Object.keys(handlers) as Method[];
  const run = (args: LoaderFunctionArgs | ActionFunctionArgs) =>
    handleApi(async () => {
      const method = args.request.method === "HEAD" ? "GET" : (args.request.method as Method);
      const handler = handlers[method];
      if (!handler) return notAllowed(allowed);
      // Awaited here, not handed on: a handler that throws before its first await returns an already rejected
      // promise, which workerd reports as an unhandled rejection before the caller's await adopts it.
      return await handler(args);
    });
  return { loader: (args: LoaderFunctionArgs) => run(args), action: (args: ActionFunctionArgs) => run(args) };
}

/** Resource routes answer methods they do not handle with a JSON 405 carrying an Allow header. */
export function notAllowed(allowed: string[]) {
  const res = jsonError(405, `Method not allowed. Use ${allowed.join(" or ")}.`);
  res.headers.set("Allow", allowed.join(", "));
  return res;
}
