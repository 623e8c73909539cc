import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { AppError, type ErrorCode } from "~/domain/errors";
import type { ToastMessage } from "~/lib/toast";
import type { Auth } from "~/services/auth.server";
import { withActor, type ActorCtx, type Ctx } from "~/services/context.server";
import { assertPageSameOrigin, isDocumentRequest, requirePageActionAuth } from "./auth.server";
import { logUnexpected, messageOf, retryAfterHeaders, statusOf, toastOf } from "./errors.server";
import { redirectWithToast } from "./toast.server";

/** What a handler hands back on success. */
export interface Done<D = undefined> {
  toast?: ToastMessage;
  /** Extra data for the page (an invite link, a preview). */
  data?: D;
  /** Where a post without JavaScript lands (Post/Redirect/Get); the page it came from when absent. */
  redirectTo?: string;
  /** Headers for the response (a session cookie after a sign-up). */
  headers?: HeadersInit;
  /** Clears the form after success (Conform's `resetForm`); true unless said otherwise. */
  resetForm?: boolean;
}

interface IntentArgs<C, V> {
  ctx: C;
  value: V;
  request: Request;
}

export interface IntentHandler<C, S extends z.ZodTypeAny, D, I = undefined> {
  /** The form's fields, parsed with Conform's `parseWithZod` (the same schema the page's form uses). */
  schema: S;
  run: (args: IntentArgs<C, z.output<S>>) => Promise<Done<D>>;
  /**
   * Data for a post the schema refused, from its raw payload, for a form that must show again with more than its
   * values and errors (the 'Add with AI' confirm shows each row's near-duplicate warning). It goes in the refusal's
   * `data`; without it an invalid post carries none.
   */
  invalid?: (args: IntentArgs<C, Record<string, unknown>>) => Promise<I>;
  /**
   * Where a refusal (an AppError) shows: under the form as its error (`"form"`, for forms a person fills in), or
   * as a toast (`"toast"`, for buttons), or as the `failed` toast whatever refused it (`"failed"`, for quick
   * actions on a list that a moment's staleness can break, where the list then catches up). Without JavaScript a
   * form's refusal re-renders the page with the form and its values; a toast's is a redirect back with the toast.
   */
  errors?: "form" | "toast" | "failed";
  /** The title of a refusal's toast when the refusal brings none ("Digest Not Saved"); "Error" otherwise. */
  title?: string;
  /** The toast for a failure nothing expected (it is logged once, never shown in detail). */
  failed?: string;
}

/** An intent's handler; `intent()` exists only to infer the schema's and data's types in an object literal. */
export const intent = <C, S extends z.ZodTypeAny, D = undefined, I = undefined>(handler: IntentHandler<C, S, D, I>) =>
  handler;

/**
 * What every form post answers (to fetchers as data; without JavaScript it is rendered or redirected): `data` is
 * the handler's on success, and on a refusal only what the intent's `invalid` made for an invalid post.
 */
export type ActionResult<I extends string, D, V = undefined> = {
  intent: I;
  /** Conform's reply: field and form errors, or a reset after success. */
  result?: SubmissionResult<string[]>;
  toast?: ToastMessage;
  /** What refused the post (`duplicate`, `plan_limit` …), for a page that offers a way on. */
  code?: ErrorCode;
} & ({ ok: true; data?: D } | { ok: false; data?: V });

// Handlers of one page differ in schema and data, and a handler's schema is both read and written (invariant), so
// only `any` admits them all while `ResultFor` still recovers each one's own data types for the result.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyHandler<C> = IntentHandler<C, any, any, any>;
type ResultFor<K extends string, H> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  H extends IntentHandler<any, any, infer D, infer V> ? ActionResult<K, D, V> : never;
type ResultOf<H extends Record<string, AnyHandler<never>>> = {
  [K in keyof H & string]: ResultFor<K, H[K]>;
}[keyof H & string];

const DEFAULT_FAILED = "Something went wrong. Please try again.";

async function runIntent<C>(
  request: Request,
  ctx: C,
  handlers: Record<string, AnyHandler<C>>,
  form: FormData,
  pageName: string,
) {
  const name = String(form.get("intent") ?? "");
  const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
  if (!handler) throw new Response("Unknown form", { status: 400 });
  const submission = parseWithZod(form, { schema: handler.schema });
  const errors = handler.errors ?? "toast";
  const failedToast: ToastMessage = {
    title: "Error",
    description: handler.failed ?? DEFAULT_FAILED,
    variant: "destructive",
  };
  const refusalToast = (error: AppError) => {
    const toast = toastOf(error);
    return error.title || !handler.title ? toast : { ...toast, title: handler.title };
  };
  const failure = (
    status: number,
    body: Omit<ActionResult<string, unknown, unknown>, "intent" | "ok">,
    headers?: HeadersInit,
  ) => ({ status, body: { intent: name, ok: false, ...body }, headers, keepForm: errors === "form" }) as const;

  try {
    if (submission.status !== "success") {
      const reply = submission.reply();
      const first = Object.values(reply.error ?? {}).flat()[0] ?? "Check the form and try again.";
      const toast = { form: undefined, toast: refusalToast(new AppError("invalid", first)), failed: failedToast }[
        errors
      ];
      const data = await handler.invalid?.({ ctx, value: submission.payload, request });
      return failure(400, { result: reply, toast, data });
    }
    const done = await handler.run({ ctx, value: submission.value, request });
    return {
      status: 200,
      body: {
        intent: name,
        ok: true,
        result: submission.reply({ resetForm: done.resetForm ?? true }),
        toast: done.toast,
        data: done.data,
      },
      headers: done.headers,
      redirectTo: done.redirectTo,
      keepForm: false,
    } as const;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof AppError) {
      const fieldErrors = error.extra.fieldErrors ?? {};
      return failure(
        statusOf(error),
        {
          code: error.code,
          result: submission.reply({ formErrors: [messageOf(error)], fieldErrors }),
          toast: { form: undefined, toast: refusalToast(error), failed: failedToast }[errors],
        },
        retryAfterHeaders(error),
      );
    }
    logUnexpected(`${pageName} ${name}`, error);
    return failure(500, { result: submission.reply({ formErrors: [failedToast.description!] }), toast: failedToast });
  }
}

async function answer<C>(request: Request, ctx: C, handlers: Record<string, AnyHandler<C>>) {
  const form = await request.formData();
  const url = new URL(request.url);
  const outcome = await runIntent(request, ctx, handlers, form, url.pathname);
  // Post/Redirect/Get for a post without JavaScript: back with its toast (or on to `redirectTo`), unless a form
  // must show again with its errors and values, or the page shows what was made (an invite link).
  if (isDocumentRequest(request)) {
    const redirectTo = "redirectTo" in outcome ? outcome.redirectTo : undefined;
    const here = `${url.pathname}${url.search}`;
    const toast = outcome.body.toast;
    if (toast && !(outcome.keepForm && !outcome.body.ok))
      throw redirectWithToast(request, redirectTo ?? here, toast, outcome.headers);
    if (outcome.body.ok && redirectTo) {
      const headers = new Headers(outcome.headers);
      headers.set("Location", redirectTo);
      throw new Response(null, { status: 303, headers });
    }
  }
  return data(outcome.body, { status: outcome.status, headers: outcome.headers });
}

/**
 * A page's action for its signed-in forms, switched on the `intent` field: `pageAction({ create: intent({schema,
 * run}) }, { signedOutTo: "/tasks" })`. It refuses cross-site posts (403), sends a post whose session ended to
 * `signedOutTo`, parses the intent's form with Conform, runs the handler with the caller's `ActorCtx` (plus the
 * session's `auth`), turns a refusal into form errors or a toast, logs anything unexpected once, and does
 * Post/Redirect/Get with a toast for posts without JavaScript. Its data's type is `useActionData<typeof action>()`.
 */
export function pageAction<H extends Record<string, AnyHandler<ActorCtx & { auth: Auth }>>>(
  handlers: H,
  options: { signedOutTo?: string } = {},
) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const signedOutTo = options.signedOutTo ?? new URL(request.url).pathname;
    const auth = await requirePageActionAuth(request, context, signedOutTo);
    const ctx = { ...withActor(context, auth), auth };
    return answer(request, ctx, handlers) as Promise<ReturnType<typeof data<ResultOf<H>>>>;
  };
}

/** `pageAction` for forms anyone may post (the signup, a join link): the handler gets the request's `Ctx`. */
export function publicPageAction<H extends Record<string, AnyHandler<Ctx>>>(handlers: H) {
  return async ({ request, context }: ActionFunctionArgs) => {
    assertPageSameOrigin(request);
    return answer(request, context as AppLoadContext & Ctx, handlers) as Promise<ReturnType<typeof data<ResultOf<H>>>>;
  };
}
