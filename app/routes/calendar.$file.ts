import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { httpDate } from "~/domain/calendar-feed";
import { readFeed } from "~/services/calendar-feeds.server";

/**
 * `GET /calendar/{token}.ics`: a calendar feed (ADR 020). No session: the token in the address is the credential.
 * Anything that is not a live feed is the same bare 404, so the answer tells nothing about a token. Calendar
 * apps poll; `ETag` and `Last-Modified` let them ask cheaply, and a current copy is a 304.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const answer = file.endsWith(".ics")
    ? await readFeed(context, {
        token: file.slice(0, -".ics".length),
        origin: new URL(request.url).origin,
        ifNoneMatch: request.headers.get("If-None-Match"),
        ifModifiedSince: request.headers.get("If-Modified-Since"),
      })
    : null;
  if (!answer) return notFoundResponse();
  const headers = new Headers({
    ETag: answer.etag,
    "Last-Modified": httpDate(answer.lastModified),
    // Private: the address is a secret, so no shared cache may keep the answer; apps revalidate with the ETag.
    "Cache-Control": "private, no-cache",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
  });
  if (answer.status === 304) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "text/calendar; charset=utf-8");
  headers.set("Content-Disposition", 'inline; filename="cueboard.ics"');
  return new Response(answer.body, { status: 200, headers });
}

function notFoundResponse() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
