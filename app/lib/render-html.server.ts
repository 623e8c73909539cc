/**
 * A whole page's markup as one string, for app/entry.server.tsx, which sends each document whole.
 *
 * React 18.3's legacy Node stream (`renderToNodeStream`, react-dom-server-legacy.node) waits until everything has
 * rendered, Suspense included, then writes the markup as strings with `push(chunk)` and ends with `push(null)`.
 * The stream's own `push` would turn each string into a Buffer; this one keeps the strings, and the caller encodes
 * the page once. (`renderToString` writes strings too, but cannot wait: it writes every pending boundary
 * client-rendered.) The markup is `renderToString`'s: no `<!DOCTYPE html>` before `<html>`, which the Node build's
 * `renderToPipeableStream` writes (the caller adds it).
 */
import { createElement, type ReactNode } from "react";
import { renderToNodeStream } from "react-dom/server.node";

/** How React writes a Suspense boundary it could not render here; escaped text and attributes cannot hold it. */
const CLIENT_RENDERED = "<!--$!-->";

export interface RenderHtmlOptions {
  /** After this long, pending Suspense boundaries are aborted (written client-rendered) and what rendered is sent. */
  timeoutMs: number;
  /**
   * Text to start the page with (the document's `<!DOCTYPE html>`): written first into the same string, so the page
   * is joined once rather than again with a prefix.
   */
  prefix?: string;
  /**
   * Called once, before the promise resolves, when a Suspense boundary could not render on the server (React
   * threw inside it, or the timeout aborted it: `timedOut`). The legacy renderer reports no error to pass on.
   */
  onError?: (timedOut: boolean) => void;
}

/** Resolved already: thrown once at the root, it makes React wait a microtask before it renders the page. */
const NEXT_MICROTASK = Promise.resolve();

/** Suspends once, before rendering `children`: at the root, a suspension writes no markup. */
function SuspendOnce({ state, children }: { state: { suspended: boolean }; children: ReactNode }) {
  if (!state.suspended) {
    state.suspended = true;
    throw NEXT_MICROTASK;
  }
  return children;
}

const DEPRECATED = "Warning: renderToNodeStream is deprecated";

/**
 * React's development build logs that `renderToNodeStream` is deprecated (in favour of the Node build this module
 * replaces, see above) on every call: a console error for every page `npm run dev` serves. The production build says
 * nothing. Only that message, only during the call, which is synchronous.
 */
function withoutDeprecationWarning<T>(render: () => T): T {
  const error = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith(DEPRECATED)) return;
    error(...args);
  };
  try {
    return render();
  } finally {
    console.error = error;
  }
}

/**
 * `element`'s markup once everything has rendered or the timeout aborted what had not. Rejects on a fatal error
 * (the shell could not render): React reports it when the rest of the render has settled, at most at the timeout.
 */
export function renderHtml(element: ReactNode, { timeoutMs, onError, prefix = "" }: RenderHtmlOptions) {
  return new Promise<string>((resolve, reject) => {
    // React writes through this stream's own `push` and `destroy`, set below, from `onAllReady` on, all at once (a
    // `push` that returns true never makes it wait). A render that never suspends would finish inside
    // `renderToNodeStream`, into the Readable's buffer: each string turned into a Buffer, which costs more than the
    // Node build did. So the render always suspends once, at the root, where it writes nothing. This rather than
    // patching the class's prototype once: that would change React's class for every caller, and a push made before
    // `renderToNodeStream` returns could only find its render through module state.
    const stream = withoutDeprecationWarning(() =>
      renderToNodeStream(createElement(SuspendOnce, { state: { suspended: false }, children: element })),
    );
    if (stream.startedFlowing) throw new Error("React finished rendering before its output could be collected");

    // The page's chunks, joined once at the end. React writes a chunk per tag, attribute name and value, so a page is
    // some 10,000 short strings. Gathered with `+=` (in pieces of 256, joined at the end), each chunk made a rope node
    // that lived until the join; the garbage collector's threads then spent 1.3 ms of every `/tasks` request on them,
    // against 0.7 ms for this array (docs/decisions/028-cpu-per-request.md, "Fifth round").
    const pieces: string[] = [prefix];
    let clientRendered = false;
    let closed = false;
    let failed = false;
    let timedOut = false;
    const fail = (error: unknown) => {
      closed = failed = true;
      clearTimeout(timer);
      reject(error);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      // React's `_destroy` aborts the render; what was pending is written client-rendered, synchronously.
      stream._destroy(null, () => {});
      // A suspension outside every Suspense boundary leaves no shell to send, and React closes without a word.
      if (!closed) fail(new Error(`render timed out after ${timeoutMs} ms before its shell was ready`));
    }, timeoutMs);
    stream.push = (chunk) => {
      if (chunk !== null) {
        pieces.push(chunk);
        // React writes the marker as a chunk of its own.
        if (chunk === CLIENT_RENDERED) clientRendered = true;
      } else if (!closed) {
        // React may close twice: aborting flushes, then flushes again.
        closed = true;
        // Settled once React's call has returned: an error thrown while writing makes React call `push(null)`,
        // then `destroy(error)`, and the error must win.
        queueMicrotask(() => {
          if (failed) return;
          clearTimeout(timer);
          if (timedOut || clientRendered) onError?.(timedOut);
          resolve(pieces.join(""));
        });
      }
      return true;
    };
    stream.destroy = fail;
  });
}
