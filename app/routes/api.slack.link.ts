import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notAllowed } from "~/http/api.server";

/** The address older "link your account" messages carried: the confirmation page now lives at /slack/link. */
export const loader = ({ request }: LoaderFunctionArgs) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return redirect(`/slack/link/${encodeURIComponent(token)}`, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } });
};

export const action = () => notAllowed(["GET"]);
