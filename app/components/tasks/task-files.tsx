import { Link, useFetcher, useLocation, useRevalidator } from "@remix-run/react";
import { FileText, Paperclip, Trash2, Upload, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { formatTimeAgo, formatUtcTimestamp } from "~/domain/dates";
import { FILE_MAX_BYTES, formatBytes } from "~/domain/files";
import { apiErrorMessage } from "~/lib/api-client";
import { listSearch, taskPageUrl } from "~/lib/task-page-url";
import { useHydrated } from "~/lib/use-hydrated";
import { useOnChange } from "~/lib/use-on-change";
import { cn } from "~/lib/utils";
import type { action as taskAction } from "~/routes/tasks.$id";
import type { TaskPage } from "~/services/task-editor.server";

type TaskFile = TaskPage["files"][number];

/** An upload on its way from this page, or one that failed (with why), until it is dismissed or listed. */
interface Upload {
  key: string;
  name: string;
  /** 0–1 while it is sent; null when it failed. */
  progress: number | null;
  error: string | null;
}

/**
 * Sends one file as the request body to `POST /api/tasks/{id}/files` (it streams to storage; ADR 039), reporting
 * progress; resolves with the API's error message, or null once it is stored. XMLHttpRequest because fetch reports no
 * upload progress.
 */
function sendFile(taskId: string, file: File, onProgress: (share: number) => void) {
  return new Promise<string | null>((resolve) => {
    const request = new XMLHttpRequest();
    const name = file.name || "Pasted file";
    request.open("POST", `/api/tasks/${encodeURIComponent(taskId)}/files?name=${encodeURIComponent(name)}`);
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 201) return resolve(null);
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not the API's JSON (a proxy's page): the status says enough.
      }
      resolve(apiErrorMessage(body) ?? `The upload failed (${request.status}). Please try again.`);
    };
    request.onerror = () => resolve("The upload could not reach Cueboard. Check your connection and try again.");
    request.send(file);
  });
}

/**
 * The task's files (ADR 039): each with a thumbnail (images) or an icon, its name as the download link, size, who
 * attached it and when, and Delete with a confirm step. With JavaScript: 'Upload files', dropping files on the
 * section and pasting them anywhere on the page, each with its progress and, if refused, the reason. Without it: a
 * plain form with a file field that posts the file, and the delete's confirm step as a link (`?file={id}`).
 */
export function TaskFiles({
  taskId,
  files,
  storage,
  now,
  confirmFile,
}: {
  taskId: string;
  files: TaskPage["files"];
  storage: TaskPage["storage"];
  now: string;
  confirmFile: string | null;
}) {
  const hydrated = useHydrated();
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const { search } = useLocation();
  const revalidator = useRevalidator();
  const picker = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const clock = new Date(now);

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function upload(chosen: readonly File[]) {
    for (const file of chosen) {
      const key = `${Date.now()}-${Math.random()}`;
      const name = file.name || "Pasted file";
      // Said at once rather than after sending 25 MB for nothing; the server holds the limit anyway.
      const tooLarge =
        file.size > FILE_MAX_BYTES ? `“${name}” is ${formatBytes(file.size)}: a file can be at most 25 MB.` : null;
      setUploads((list) => [...list, { key, name, progress: tooLarge ? null : 0, error: tooLarge }]);
      if (tooLarge) continue;
      const error = await sendFile(taskId, file, (share) => update(key, { progress: share }));
      if (error) update(key, { progress: null, error });
      else {
        setUploads((list) => list.filter((u) => u.key !== key));
        revalidator.revalidate();
      }
    }
  }

  // Files pasted anywhere on the page (a screenshot, a copied document) are attached; text pastes are left alone.
  const uploadRef = useRef(upload);
  uploadRef.current = upload;
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const pasted = Array.from(event.clipboardData?.files ?? []);
      if (pasted.length === 0) return;
      event.preventDefault();
      void uploadRef.current(pasted);
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, []);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.length) void upload(dropped);
  };
  const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");

  return (
    <section
      id="files"
      aria-labelledby={headingId}
      className={cn(
        "grid scroll-mt-4 gap-3 rounded-lg",
        dragging && "outline-2 outline-offset-4 outline-brand-500 outline-dashed",
      )}
      onDragOver={(event) => {
        if (!hydrated || !carriesFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={hydrated ? onDrop : undefined}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Files
        </h3>
        <p className="text-xs text-slate-600">
          {formatBytes(storage.used)} of {formatBytes(storage.quota)} used
        </p>
      </div>

      {files.length ? (
        <ul className="grid gap-1" aria-labelledby={headingId}>
          {files.map((file) => (
            <FileRow key={file.id} taskId={taskId} file={file} clock={clock} confirming={confirmFile === file.id} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">
          No files yet. Attach riders, stage plots and contracts{hydrated ? ": drop them here or paste them." : "."}
        </p>
      )}

      {uploads.length ? (
        <ul aria-label="Uploads" className="grid gap-2">
          {uploads.map((u) => (
            <li key={u.key} className="grid gap-1 rounded-md border border-slate-200 p-2 text-sm">
              <div className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate text-slate-900">{u.name}</span>
                {u.error ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    onClick={() => setUploads((list) => list.filter((other) => other.key !== u.key))}
                  >
                    <X aria-hidden />
                    <span className="sr-only">Dismiss</span>
                  </Button>
                ) : (
                  <span className="text-xs text-slate-600">Uploading… {Math.round((u.progress ?? 0) * 100)}%</span>
                )}
              </div>
              {u.error ? (
                <p role="alert" className="text-sm text-red-700">
                  {u.error}
                </p>
              ) : (
                <div
                  role="progressbar"
                  aria-label={`Uploading ${u.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round((u.progress ?? 0) * 100)}
                  className="h-1.5 overflow-hidden rounded-full bg-slate-100"
                >
                  <div className="h-full rounded-full bg-brand-500" style={{ width: `${(u.progress ?? 0) * 100}%` }} />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {hydrated ? (
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={picker}
            id={inputId}
            type="file"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(event) => {
              const chosen = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = "";
              if (chosen.length) void upload(chosen);
            }}
          />
          <Button type="button" variant="secondary" onClick={() => picker.current?.click()} aria-describedby={hintId}>
            <Upload aria-hidden />
            Upload files
          </Button>
          <p id={hintId} className="text-xs text-slate-500">
            Or drop or paste them here. Up to 25 MB each.
          </p>
        </div>
      ) : (
        <form
          method="post"
          encType="multipart/form-data"
          action={`/tasks/${encodeURIComponent(taskId)}/files${listSearch(search)}`}
          className="grid gap-2"
        >
          <label htmlFor={inputId} className="text-xs font-medium text-slate-600">
            Attach a file (up to 25 MB)
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={inputId}
              type="file"
              name="file"
              required
              className="min-w-0 flex-1 text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
            />
            <Button type="submit" variant="secondary">
              <Upload aria-hidden />
              Upload
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** One file: its picture or icon, its name (the download), what it is, and Delete after a confirm step. */
function FileRow({
  taskId,
  file,
  clock,
  confirming: confirmingWithoutJs,
}: {
  taskId: string;
  file: TaskFile;
  clock: Date;
  confirming: boolean;
}) {
  const hydrated = useHydrated();
  const { search } = useLocation();
  const toast = useToast();
  const remove = useFetcher<typeof taskAction>();
  const [confirmingWithJs, setConfirming] = useState(false);
  const confirming = hydrated ? confirmingWithJs : confirmingWithoutJs;
  useOnChange(remove.data, (outcome) => {
    if (outcome.intent !== "file-remove") return;
    if (!outcome.ok && outcome.toast) toast(outcome.toast);
  });
  if (remove.state !== "idle") return null;
  const by = [file.uploadedBy, file.source === "slack" ? "from Slack" : null].filter(Boolean).join(" ");

  return (
    <li className="grid gap-2 rounded-md px-1 py-1.5 hover:bg-slate-50">
      <div className="flex items-center gap-3">
        {file.image ? (
          <img
            src={`${file.url}?inline=1`}
            alt=""
            loading="lazy"
            className="size-10 shrink-0 rounded border border-slate-200 bg-slate-50 object-cover"
          />
        ) : (
          <span className="flex size-10 shrink-0 items-center justify-center rounded border border-slate-200 bg-slate-50">
            {file.type === "application/pdf" ? (
              <FileText className="size-5 text-slate-500" aria-hidden />
            ) : (
              <Paperclip className="size-5 text-slate-500" aria-hidden />
            )}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <a
            href={file.url}
            download={file.name}
            className="block truncate text-sm font-medium text-brand-700 hover:underline"
            title={file.name}
          >
            {file.name}
          </a>
          <p className="text-xs text-slate-500">
            {formatBytes(file.size)}
            {by ? ` · ${by}` : ""} ·{" "}
            <time dateTime={file.createdAt} title={formatUtcTimestamp(file.createdAt)}>
              {formatTimeAgo(file.createdAt, clock)}
            </time>
          </p>
        </div>
        {confirming ? null : (
          <Button asChild variant="ghost" size="icon" className="size-8 shrink-0">
            <Link
              to={`${taskPageUrl(taskId, search, { file: file.id })}#files`}
              preventScrollReset
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setConfirming(true);
              }}
            >
              <Trash2 aria-hidden />
              <span className="sr-only">Delete “{file.name}”</span>
            </Link>
          </Button>
        )}
      </div>
      {confirming ? (
        <div className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p>Delete “{file.name}”? It is removed for everyone and cannot be brought back.</p>
          <div className="flex flex-wrap gap-2">
            <remove.Form method="post" action={taskPageUrl(taskId, search)}>
              <input type="hidden" name="intent" value="file-remove" />
              <input type="hidden" name="fileId" value={file.id} />
              <Button type="submit" size="sm" variant="destructive">
                <Trash2 aria-hidden />
                Delete file
              </Button>
            </remove.Form>
            {hydrated ? (
              <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            ) : (
              <Button asChild size="sm" variant="ghost">
                <Link to={`${taskPageUrl(taskId, search)}#files`}>Cancel</Link>
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </li>
  );
}
