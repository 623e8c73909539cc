import { AppError, badRequest, isAppError } from "~/domain/errors";
import { FILE_MAX_BYTES, FILE_TOO_LARGE } from "~/domain/files";
import { MAX_IMPORT_BYTES } from "~/domain/task-import";
import type { FileUpload } from "~/services/task-files.server";
import { readCappedBytes } from "./api.server";

/**
 * File uploads (ADR 039): the only requests the Worker lets past its 64 KB body cap (`isUploadPath`, checked in
 * workers/app.ts). Two shapes arrive here:
 * - the file as the raw body (the page's JavaScript, API clients): `?name=` names it, Content-Type and Content-Length
 *   say its type and size, and the body streams on to R2 unread;
 * - a `multipart/form-data` form with a `file` field (the task page without JavaScript, `curl -F`): the form is read
 *   whole, at most 25 MB and 64 KB for the form's own parts, because a form's file can only be reached by parsing it.
 */

/** Room for a form's boundaries, headers and other fields beside its file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * `POST /api/tasks/{id}/files` (the API) and `POST /tasks/{id}/files` (the task page's form), and the spreadsheet
 * import, `POST /api/tasks/import` and `POST /tasks/import`, which caps its body itself (IMPORT_BODY_MAX_BYTES).
 */
export const isUploadPath = (pathname: string) =>
  /^\/(?:api\/)?tasks\/[^/]+\/files$/.test(pathname) || /^\/(?:api\/)?tasks\/import$/.test(pathname);

/**
 * The most an import request carries: a 5 MB file in base64 (or a form with it and the sheet's rows kept from the
 * first read), with room for the rest of the request.
 */
export const IMPORT_BODY_MAX_BYTES = Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + FORM_OVERHEAD_BYTES;

const isMultipart = (request: Request) => /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");

/** The file a request carries, as the service takes it; a request without one is a 400 (its body is let go). */
export async function readUpload(request: Request): Promise<FileUpload> {
  if (isMultipart(request)) return readFormUpload(request);
  const url = new URL(request.url);
  const name = url.searchParams.get("name") ?? "";
  const declared = request.headers.get("content-length");
  const size = declared !== null && /^\d{1,15}$/.test(declared.trim()) ? Number(declared) : NaN;
  const refuse = async (message: string) => {
    await request.body?.cancel().catch(() => undefined);
    throw badRequest(message, { file: [message] });
  };
  if (name.trim() === "") return refuse("Name the file: send its name as ?name=, for example ?name=rider.pdf");
  if (!Number.isFinite(size))
    return refuse("Send the file's size in Content-Length (a chunked upload is not accepted)");
  if (!request.body) return refuse("The file is empty");
  return { name, type: request.headers.get("content-type"), size, body: request.body };
}

/** The `file` field of a multipart form, read whole up to the file limit plus the form's overhead. */
async function readFormUpload(request: Request): Promise<FileUpload> {
  const bytes = await readCappedBytes(request, FILE_MAX_BYTES + FORM_OVERHEAD_BYTES).catch((error: unknown) => {
    if (isAppError(error, "too_large")) throw new AppError("too_large", FILE_TOO_LARGE, { title: "File Too Large" });
    throw error;
  });
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": request.headers.get("content-type")! } }).formData();
  } catch {
    throw badRequest("The form could not be read. Choose the file again and send it.");
  }
  const file = form.get("file");
  if (!(file instanceof File) || (file.name === "" && file.size === 0)) {
    throw badRequest("Choose a file to upload", { file: ["Choose a file to upload"] });
  }
  return { name: file.name, type: file.type, size: file.size, body: file.stream() };
}
