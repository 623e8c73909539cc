import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cachingHeaders, isCurrent, notModified } from "~/http/conditional.server";
import { readFeed } from "~/services/calendar-feeds.server";

/** The address is a secret: it goes to no other site, and nothing is sniffed from the text. */
const FEED_HEADERS = { "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff" };

/**
 * `GET /calendar/{token}.ics`: a calendar feed (ADR 020). No session: the token in the address is the credential.
 * Anything that is not a live feed is the same bare 404, so the answer tells nothing about a token. Calendar
 * apps poll; `ETag` and `Last-Modified` let them ask cheaply, and a current copy is a 304 (app/http/conditional.server.ts:
 * private, since the address is a secret; apps revalidate each time).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const feed = file.endsWith(".ics")
    ? await readFeed(context, { token: file.slice(0, -".ics".length), origin: new URL(request.url).origin })
    : null;
  if (!feed) return notFoundResponse();
  if (isCurrent(request, feed)) return notModified(feed, FEED_HEADERS);
  const headers = cachingHeaders(feed, FEED_HEADERS);
  headers.set("Content-Type", "text/calendar; charset=utf-8");
  headers.set("Content-Disposition", 'inline; filename="cueboard.ics"');
  return new Response(await feed.body(), { status: 200, headers });
}

function notFoundResponse() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
