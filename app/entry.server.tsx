import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { errorSummary } from "~/lib/log";

const ABORT_DELAY = 5000;

/**
 * Remix's standard document render (the Cloudflare template's, as Epic Stack's entry.server.tsx): React's web-streams
 * renderer, stopped after ABORT_DELAY.
 *
 * Every document waits for `allReady`, not only bots' (the template's `isbot` check): pages render lazily loaded
 * components in Suspense (the signed-out landing, the inline settings and create forms that are the no-JavaScript
 * path), and a boundary streamed in after the shell is swapped into place by an inline script. Without JavaScript
 * that never runs and the visitor keeps the fallback (tests/e2e/no-javascript.spec.ts). Waiting costs nothing a
 * person sees: the page's data is loaded before the render starts, so only code, never a query, is waited for.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  const body = await renderToReadableStream(
    <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
    {
      signal: controller.signal,
      onError(error) {
        // A render error's message may quote user text: log its class and code only (app/lib/log.ts).
        if (!controller.signal.aborted) console.error(`render failed: ${errorSummary(error)}`);
        responseStatusCode = 500;
      },
    },
  );
  await body.allReady;
  clearTimeout(timeout);

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  // A route may ask for a stricter policy (the join page, whose address holds an invitation's secret).
  if (!responseHeaders.has("Referrer-Policy")) responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
  responseHeaders.set("X-Frame-Options", "DENY");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
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
