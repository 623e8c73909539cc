import type { PlatformProxy } from "wrangler";
import type { D1Meter } from "./app/db/d1-meter";
import { createCtx, type Ctx } from "./app/services/context.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  /** The request's `Ctx` (app/services/context.server.ts): routes hand `context` to services as it is. */
  interface AppLoadContext extends Ctx {
    cloudflare: Cloudflare;
  }
}

/**
 * One place that builds the typed context of a request, for the Worker entry (workers/app.ts) and the dev server
 * alike. `now` is read once here: the request's one instant; `meter` counts its D1 round trips.
 */
export function getLoadContext(
  { context }: { request: Request; context: { cloudflare: Cloudflare } },
  meter?: D1Meter,
) {
  const { env, ctx } = context.cloudflare;
  return {
    cloudflare: context.cloudflare,
    ...createCtx(env, (promise) => ctx.waitUntil(promise), new Date(), meter),
  };
}
