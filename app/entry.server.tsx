import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { KeptHtmlContext } from "~/lib/kept-html";
import { keptHtmlCollector } from "~/lib/kept-html.server";
import { errorSummary } from "~/lib/log";
import { withMatchedRoutes } from "~/lib/render-context.server";
import { renderHtml } from "~/lib/render-html.server";

const ABORT_DELAY = 5000;

/**
 * A whole document, rendered as one string by React's legacy Node stream (app/lib/render-html.server.ts).
 *
 * Everyone gets the whole document at once, not only bots: pages render lazily loaded components
 * (app/components/signed-out-landing.tsx), and streaming them in later would need JavaScript to show them. So the
 * render waits for everything and is sent as one body. The builds that stream bytes cost the most: the web-streams
 * build copied its output into 512-byte chunks, and the Node build (`renderToPipeableStream`) encodes every piece
 * of markup on its own into 2 KB buffers, 15-20 % of a page's CPU in profiles of the Worker. The legacy stream
 * writes strings, and the page is encoded once, by the Response (docs/benchmarks.md).
 * The markup is the same renderer's, without the `<!DOCTYPE html>` the Node build writes before `<html>`: it is
 * added here, so pages stay out of quirks mode.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // The render gets a manifest of the page's own routes (app/lib/render-context.server.ts).
  const context = withMatchedRoutes(remixContext);
  // Parts whose markup is a function of their data write the HTML kept from an earlier render
  // (app/lib/kept-html.server.ts); not in the answer to a form post, whose action data they may show.
  const kept = request.method === "GET" || request.method === "HEAD" ? keptHtmlCollector() : null;
  const page = (
    <KeptHtmlContext.Provider value={kept?.offer ?? null}>
      <RemixServer context={context} url={request.url} abortDelay={ABORT_DELAY} />
    </KeptHtmlContext.Provider>
  );
  const html = await renderHtml(page, {
    timeoutMs: ABORT_DELAY,
    prefix: "<!DOCTYPE html>",
    // A part React could not render here is left to the browser; the legacy renderer gives no error to summarise.
    // A render cut short by the timeout is not logged, but is a 500 as well.
    onError(timedOut) {
      if (!timedOut) console.error("render failed: a Suspense boundary could not render on the server");
      responseStatusCode = 500;
    },
  });

  if (responseStatusCode < 300) kept?.collect(html);

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  // A route may ask for a stricter policy (the join page, whose address holds an invitation's secret).
  if (!responseHeaders.has("Referrer-Policy")) responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
  responseHeaders.set("X-Frame-Options", "DENY");
  // A string body has a known length: the Response encodes it once and sends it with a Content-Length.
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * A loader or action error that is not a Response. Remix's default logs the whole error, and a drizzle error's
 * message carries the SQL parameters: log the path (its params by name, since one may be a token), class and code.
 */
export const handleError: HandleErrorFunction = (error, { request, params }) => {
  if (request.signal.aborted) return;
  let path = new URL(request.url).pathname;
  for (const [name, value] of Object.entries(params)) {
    if (value) path = path.replace(encodeURIComponent(value), `:${name}`).replace(value, `:${name}`);
  }
  console.error(`${request.method} ${path} failed: ${errorSummary(error)}`);
};
