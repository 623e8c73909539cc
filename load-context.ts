import type { PlatformProxy } from "wrangler";
import { RequestD1 } from "./app/db/request-d1";
import { d1SessionFor } from "./app/http/bookmark.server";
import { createCtx, type Ctx } from "./app/services/context.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  /** The request's `Ctx` (app/services/context.server.ts): routes hand `context` to services as it is. */
  interface AppLoadContext extends Ctx {
    cloudflare: Cloudflare;
  }
}

/** The header the workers tests fix a request's instant with (tests/worker/helpers.ts `call(..., { now })`). */
export const TEST_NOW_HEADER = "x-test-now";

/**
 * The request's one instant: the clock, or in the workers tests the instant they name. The header counts only
 * where the `TEST_CLOCK` binding exists, which only the vitest pool sets (tests/worker/project.ts): wrangler.toml
 * never declares it, so a deployed Worker, `npm start` and the browser tests' server ignore the header.
 */
function requestInstant(request: Request, env: Env) {
  const fixed = "TEST_CLOCK" in env ? request.headers.get(TEST_NOW_HEADER) : null;
  return fixed ? new Date(fixed) : new Date();
}

/**
 * One place that builds the typed context of a request, for the Worker entry (workers/app.ts) and the dev server
 * alike. `now` is read once here: the request's one instant; `d1` is the request's D1 session (from the person's
 * bookmark, app/http/bookmark.server.ts), which also counts its round trips.
 */
export function getLoadContext(
  { request, context }: { request: Request; context: { cloudflare: Cloudflare } },
  d1 = new RequestD1(d1SessionFor(context.cloudflare.env.DB, request)),
) {
  const { env, ctx } = context.cloudflare;
  return {
    cloudflare: context.cloudflare,
    ...createCtx(env, (promise) => ctx.waitUntil(promise), requestInstant(request, env), d1),
  };
}
