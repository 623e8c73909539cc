// React's Node builds of the server renderer (app/lib/render-html.server.ts); @types/react-dom types them as
// `react-dom/server`, where `renderToNodeStream` returns a bare `NodeJS.ReadableStream`.
declare module "react-dom/server.node" {
  import type { ReactNode } from "react";
  import type { ServerOptions } from "react-dom/server";

  export { renderToPipeableStream, renderToString } from "react-dom/server";

  /**
   * The `stream.Readable` that React 18.3's legacy build returns from `renderToNodeStream`
   * (`ReactMarkupReadableStream` in react-dom-server-legacy.node): once everything has rendered (`onAllReady`) it sets
   * `startedFlowing` and writes the markup with `push(string)`, then `push(null)`; a fatal error calls
   * `destroy(error)`. Its `_destroy` aborts the render: pending Suspense boundaries are written client-rendered.
   */
  export interface MarkupStream {
    startedFlowing: boolean;
    push(chunk: string | null): boolean;
    destroy(error?: unknown): unknown;
    _destroy(error: Error | null, callback: (error?: Error | null) => void): void;
  }

  export function renderToNodeStream(element: ReactNode, options?: ServerOptions): MarkupStream;
}
