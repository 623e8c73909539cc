import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json, jsonError, resource } from "~/http/api.server";
import { loadCrewLinkState } from "~/services/crew-links.server";

/**
 * The token is the credential: never stored by a cache on the way, never sent on as a referrer. The device's own copy
 * is the service worker's (public/c/sw.js, ADR 045), which keeps the last good answer.
 */
const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };

const api = resource({
  /**
   * `GET /c/{token}/state?day=`: a personal crew link's state (the person's sheet, the show they follow and the
   * server's time) as JSON; 404 for a revoked or unknown link, after which the service worker drops its copy.
   */
  GET: async ({ request, context, params }: LoaderFunctionArgs) => {
    const day = new URL(request.url).searchParams.get("day");
    const state = await loadCrewLinkState(context, params.token ?? "", day);
    if (!state) {
      const missing = jsonError(404, "This personal link does not work: it may have been revoked");
      for (const [name, value] of Object.entries(PRIVATE)) missing.headers.set(name, value);
      return missing;
    }
    return json(state, { headers: PRIVATE });
  },
});

export const loader = api.loader;
export const action = api.action;
