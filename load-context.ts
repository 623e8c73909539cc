import type { PlatformProxy } from "wrangler";
import { createDb, type Db } from "./app/db/client";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    env: Env;
    db: Db;
    /** Schedules work after the response (Slack acks, live-update pushes). */
    waitUntil: (promise: Promise<unknown>) => void;
  }
}

/** One place that builds the typed context for dev (`remix vite:dev`) and the Worker alike. */
export function getLoadContext({ context }: { request: Request; context: { cloudflare: Cloudflare } }) {
  const { env, ctx } = context.cloudflare;
  return {
    cloudflare: context.cloudflare,
    env,
    db: createDb(env.DB),
    waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise),
  };
}
