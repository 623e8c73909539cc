import { json, notAllowed } from "~/http/api.server";

/**
 * Liveness check for load balancers and uptime probes, and the benchmark's baseline (scripts/bench.mjs):
 * the same Worker and Remix routing as every other /api route, but no auth and no data work.
 */
export const loader = () => json({ ok: true });

export const action = () => notAllowed(["GET"]);
