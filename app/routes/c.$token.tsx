import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CrewLinkSheet, LinkNotFound } from "~/components/crew-link/crew-link-sheet";
import { pageMeta } from "~/lib/meta";
import { loadCrewLinkState } from "~/services/crew-links.server";

/**
 * `/c/{token}?day=`: a personal crew link (issue 35, ADR 045): one person's day sheet (their calls, the venue, their
 * cues, the key contacts, their own contact details and nobody else's) following show mode live, for someone without
 * an account. Installable (its manifest) and kept on the device by a service worker (public/c/sw.js), so it opens
 * offline at the venue. A revoked or unknown link is a plain 404.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.state
    ? [
        ...pageMeta(`${data.state.sheet.person.name}'s day`),
        { tagName: "link", rel: "manifest", href: `/c/${data.token}/manifest.webmanifest` },
        { name: "theme-color", content: "#020617" },
      ]
    : pageMeta("Link not found");

/** The token is in the URL: never cached on the way, never sent on as a referrer, never indexed. */
export const headers: HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
});

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const state = await loadCrewLinkState(context, token, new URL(request.url).searchParams.get("day"));
  if (!state) return data({ token, state: null }, { status: 404 });
  return data({ token, state });
}

export default function CrewLinkRoute() {
  const { token, state } = useLoaderData<typeof loader>();
  if (!state) return <LinkNotFound />;
  return <CrewLinkSheet token={token} loaded={state} />;
}
