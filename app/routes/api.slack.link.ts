import { redirect } from "@remix-run/cloudflare";
import { resource } from "~/http/api.server";

/** The address older "link your account" messages carried: the confirmation page now lives at /slack/link. */
const api = resource({
  GET: async ({ request }) => {
    const token = new URL(request.url).searchParams.get("token") ?? "";
    return redirect(`/slack/link/${encodeURIComponent(token)}`, {
      headers: { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" },
    });
  },
});

export const loader = api.loader;
export const action = api.action;
