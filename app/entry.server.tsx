import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { errorSummary } from "~/lib/log";

const ABORT_DELAY = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);

  const body = await renderToReadableStream(
    <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
    {
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(`render failed: ${errorSummary(error)}`);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeoutId));

  // Everyone gets the whole document at once, not only bots: pages render lazily loaded components
  // (app/components/signed-out-landing.tsx), and streaming them in later would need JavaScript to show them.
  await body.allReady;

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
