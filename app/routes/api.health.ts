import { json, resource } from "~/http/api.server";

const api = resource({
  /**
   * Liveness check for load balancers and uptime probes, and the benchmark's baseline (scripts/bench.mjs):
   * the same Worker and Remix routing as every other /api route, but no auth and no data work.
   */
  GET: async () => json({ ok: true }),
});

export const loader = api.loader;
export const action = api.action;
