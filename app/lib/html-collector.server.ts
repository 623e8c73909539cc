/**
 * A stand-in for a Node writable that keeps what React's Node renderer writes (`renderToPipeableStream`'s
 * `pipe`), for app/entry.server.tsx, which sends each document whole.
 *
 * React 18's Node build encodes its output into 2 KB buffers. When a string does not fit in what is left of one
 * (`TextEncoder.encodeInto` stops before a character of two to four bytes), it writes the whole buffer, not the
 * bytes it filled, so up to three zero bytes of the fresh buffer's tail would reach the page (react-dom 18.3.1,
 * `writeChunk` in react-dom-server.node; React 19 writes the filled part). Such a buffer is the only chunk of
 * exactly `VIEW_SIZE` bytes that owns its whole `ArrayBuffer`, and its tail is the only place zeros it never
 * filled can be: trailing zeros of such a chunk are dropped. The page's text never holds U+0000 there that
 * matters: an HTML parser drops or replaces NUL characters anyway.
 */
import { concatBytes } from "./bytes";

const VIEW_SIZE = 2048;
const MAX_UNFILLED = 3;

export function createHtmlCollector() {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return {
    write(chunk: Uint8Array | string) {
      let bytes = typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk;
      if (bytes.byteLength === VIEW_SIZE && bytes.byteOffset === 0 && bytes.buffer.byteLength === VIEW_SIZE) {
        let end = VIEW_SIZE;
        while (end > VIEW_SIZE - MAX_UNFILLED && bytes[end - 1] === 0) end -= 1;
        bytes = bytes.subarray(0, end);
      }
      chunks.push(bytes);
      size += bytes.byteLength;
      return true;
    },
    /** Everything written, in one buffer. */
    bytes: () => concatBytes(chunks, size),
  };
}
