import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server.node";
import { createHtmlCollector } from "~/lib/html-collector.server";
import { errorSummary } from "~/lib/log";

const ABORT_DELAY = 5000;

/**
 * A whole document as bytes, rendered by React's Node build into a plain collector.
 *
 * Everyone gets the whole document at once, not only bots: pages render lazily loaded components
 * (app/components/signed-out-landing.tsx), and streaming them in later would need JavaScript to show them. So the
 * render is collected and sent as one body. React's web-streams build (`renderToReadableStream`) copies its output
 * into 512-byte chunks, each enqueued into a byte stream: in CPU profiles of the Worker that copying and enqueuing
 * was the largest single cost of rendering a page (docs/benchmarks.md). The Node build encodes straight into
 * 2 KB buffers and hands each to `write`, which here only keeps it (app/lib/html-collector.server.ts; nodejs_compat
 * gives the build its `util`).
 * The markup is the same: both builds are the same renderer.
 */
function renderDocument(element: ReactElement, onError: (error: unknown, timedOut: boolean) => void) {
  return new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    let timedOut = false;
    const html = createHtmlCollector();
    const collector = {
      write: html.write,
      end() {
        clearTimeout(timeoutId);
        resolve(html.bytes());
      },
      on() {
        return collector;
      },
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      onAllReady() {
        pipe(collector as unknown as NodeJS.WritableStream);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError: (error: unknown) => onError(error, timedOut),
    });
    const timeoutId = setTimeout(() => {
      timedOut = true;
      abort();
    }, ABORT_DELAY);
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const body = await renderDocument(
    <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
    (error, timedOut) => {
      if (!timedOut) console.error(`render failed: ${errorSummary(error)}`);
      responseStatusCode = 500;
    },
  );

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
