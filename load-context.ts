import type { PlatformProxy } from "wrangler";
import { createDb, type Db } from "./app/db/client";
import { createLiveNotifier, type LiveNotifier } from "./app/services/live-notifier.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    env: Env;
    db: Db;
    /** Schedules work after the response (Slack acks, live-update pushes). */
    waitUntil: (promise: Promise<unknown>) => void;
    /** Pushes committed task changes to the workspace's open pages; absent where no live binding exists. */
    live: LiveNotifier | undefined;
  }
}

/** One place that builds the typed context for dev (`remix vite:dev`) and the Worker alike. */
export function getLoadContext({ context }: { request: Request; context: { cloudflare: Cloudflare } }) {
  const { env, ctx } = context.cloudflare;
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
  return {
    cloudflare: context.cloudflare,
    env,
    db: createDb(env.DB),
    waitUntil,
    live: createLiveNotifier(env, waitUntil),
  };
}
