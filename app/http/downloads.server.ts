import type { TaskFileRow } from "~/db/schema";
import { contentDisposition, servedInline, servedType } from "~/domain/files";

/**
 * A stored file as the answer to its download (ADR 039). Whatever it holds, the browser is told not to guess its type
 * (`nosniff`), to save it rather than show it (`attachment`, unless a safe image is asked for inline), and, should it
 * be shown anyway, to run nothing in it (`sandbox`, no sources). Only the caller keeps a copy, and asks again each
 * time (`private, no-cache`): the workspace is checked on every request, and an unchanged copy is a 304.
 */
export function fileResponse(file: TaskFileRow, object: R2Object | R2ObjectBody, inlineAsked: boolean) {
  const inline = servedInline(file.type, inlineAsked);
  const headers = new Headers({
    "Content-Type": servedType(file.type),
    "Content-Disposition": contentDisposition(file.name, inline),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "private, no-cache",
    ETag: object.httpEtag,
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
