import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonError, resource } from "~/http/api.server";
import { crewLinkPath } from "~/domain/crew-link";
import { findActiveCrewLink } from "~/services/crew-links.server";

const api = resource({
  /**
   * `GET /c/{token}/manifest.webmanifest`: the web app manifest that makes a personal crew link installable (ADR 045):
   * it opens on the link itself, within `/c/`, where its service worker keeps the page for offline use.
   */
  GET: async ({ context, params }: LoaderFunctionArgs) => {
    const token = params.token ?? "";
    const found = await findActiveCrewLink(context, token);
    if (!found) return jsonError(404, "Personal link not found");
    const event = found.workspace.eventName ?? found.workspace.name;
    const manifest = {
      name: `${event} · ${found.person.name}'s day`,
      short_name: "My day",
      description: `${found.person.name}'s calls, cues and contacts for ${event}`,
      id: crewLinkPath(token),
      start_url: crewLinkPath(token),
      scope: "/c/",
      display: "standalone",
      background_color: "#020617",
      theme_color: "#020617",
      icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
    };
    return new Response(JSON.stringify(manifest), {
      headers: {
        "Content-Type": "application/manifest+json",
        "Cache-Control": "no-store",
        "Referrer-Policy": "no-referrer",
        "X-Robots-Tag": "noindex",
      },
    });
  },
});

export const loader = api.loader;
export const action = api.action;
