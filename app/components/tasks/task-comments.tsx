import { Link, useActionData, useFetcher, useLocation, useRevalidator } from "@remix-run/react";
import { Bell, BellOff, Pencil, Send, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { FieldError } from "~/components/field-error";
import { useDebounced, useLiveMessages } from "~/components/live-provider";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { COMMENT_MAX, commentSegments, mentionQueryAt, suggestMembers, type Mention } from "~/domain/comments";
import { formatTimeAgo, formatUtcTimestamp } from "~/domain/dates";
import { taskPageUrl } from "~/lib/task-page-url";
import { useHydrated } from "~/lib/use-hydrated";
import { useOnChange } from "~/lib/use-on-change";
import { cn } from "~/lib/utils";
import type { action as taskAction } from "~/routes/tasks.$id";
import type { CommentDto, TaskComments as TaskCommentsData } from "~/services/comments.server";

interface Member {
  id: string;
  name: string;
}

/**
 * The task's conversation (ADR 038): its comments, oldest first (the newest 50; "Show older comments" pages back), a
 * box to write one where typing `@` suggests members, Edit and Delete where allowed, and Follow/Unfollow. Every
 * control is a form posted with an intent, so it all works without JavaScript; with it, fetchers post them and the
 * comments of others arrive as they are written.
 */
export function TaskComments({
  taskId,
  data,
  members,
  meId,
  now,
  editComment,
  commentsBefore,
}: {
  taskId: string;
  data: TaskCommentsData;
  members: readonly Member[];
  meId: string;
  now: string;
  editComment: string | null;
  commentsBefore: string | null;
}) {
  const headingId = useId();
  const { search } = useLocation();
  const { revalidate } = useRevalidator();
  const refetch = useDebounced(revalidate);
  useLiveMessages((message) => {
    if (message.type === "comments" && message.taskId === taskId) refetch();
  });
  const others = members.filter((m) => m.id !== meId);
  const { comments, hasOlder, following } = data;
  const clock = new Date(now);

  return (
    <section id="comments" aria-labelledby={headingId} className="grid scroll-mt-4 gap-3">
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Comments
        </h3>
        <FollowButton taskId={taskId} following={following} />
      </div>
      {hasOlder ? (
        <Link
          to={`${taskPageUrl(taskId, search, { comments_before: comments[0].id })}#comments`}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Show older comments
        </Link>
      ) : null}
      {comments.length ? (
        <ol className="grid gap-3" aria-labelledby={headingId}>
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              taskId={taskId}
              comment={comment}
              members={others}
              clock={clock}
              editing={editComment === comment.id}
            />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-500">
          No comments yet. Ask a question or share an update; @ mentions a teammate.
        </p>
      )}
      {commentsBefore ? (
        <Link
          to={`${taskPageUrl(taskId, search)}#comments`}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Show newest comments
        </Link>
      ) : null}
      <AddCommentForm taskId={taskId} members={others} />
    </section>
  );
}

/** Follow or Unfollow: one button posting the caller's choice. */
function FollowButton({ taskId, following }: { taskId: string; following: boolean }) {
  const fetcher = useFetcher<typeof taskAction>();
  const toast = useToast();
  const { search } = useLocation();
  useOnChange(fetcher.data, (outcome) => {
    if (outcome.intent === "follow" && outcome.toast) toast(outcome.toast);
  });
  const pending = fetcher.formData?.get("follow");
  const shown = typeof pending === "string" ? pending === "true" : following;
  return (
    <fetcher.Form method="post" action={taskPageUrl(taskId, search)}>
      <input type="hidden" name="intent" value="follow" />
      <Button
        type="submit"
        name="follow"
        value={String(!shown)}
        size="sm"
        variant="ghost"
        aria-pressed={shown}
        title={shown ? "You hear of new comments and status changes" : "Hear of new comments and status changes"}
      >
        {shown ? <BellOff aria-hidden /> : <Bell aria-hidden />}
        {shown ? "Unfollow" : "Follow"}
      </Button>
    </fetcher.Form>
  );
}

/** A comment's text as React nodes: text, links, mentions and line breaks; never markup from the text. */
export function CommentBody({ body, mentions }: { body: string; mentions: readonly Mention[] }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap text-slate-800">
      {commentSegments(body, mentions).map((segment, index) => {
        if (segment.type === "break") return <br key={index} />;
        if (segment.type === "link") {
          return (
            <a
              key={index}
              href={segment.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {segment.text}
            </a>
          );
        }
        if (segment.type === "mention") {
          return (
            <span key={index} className="rounded bg-brand-50 px-0.5 font-medium text-brand-800">
              {segment.text}
            </span>
          );
        }
        return segment.text;
      })}
    </p>
  );
}

function CommentItem({
  taskId,
  comment,
  members,
  clock,
  editing: editingWithoutJs,
}: {
  taskId: string;
  comment: CommentDto;
  members: readonly Member[];
  clock: Date;
  editing: boolean;
}) {
  const hydrated = useHydrated();
  const { search } = useLocation();
  const toast = useToast();
  const remove = useFetcher<typeof taskAction>();
  const [editingWithJs, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editing = comment.canEdit && (hydrated ? editingWithJs : editingWithoutJs);
  useOnChange(remove.data, (outcome) => {
    if (!outcome.ok && outcome.toast) toast(outcome.toast);
  });
  if (remove.state !== "idle") return null;
  const action = taskPageUrl(taskId, search);

  return (
    <li className="grid gap-1 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-medium text-slate-900">{comment.author.name}</span>
        <span className="text-xs text-slate-500">
          <time dateTime={comment.createdAt} title={formatUtcTimestamp(comment.createdAt)}>
            {formatTimeAgo(comment.createdAt, clock)}
          </time>
          {comment.editedAt ? " · edited" : null}
          {comment.source === "slack" ? " · via Slack" : null}
        </span>
      </div>
      {editing ? (
        <EditCommentForm taskId={taskId} comment={comment} members={members} onClose={() => setEditing(false)} />
      ) : (
        <CommentBody body={comment.body} mentions={comment.mentions} />
      )}
      {!editing && (comment.canEdit || comment.canDelete) ? (
        <div className="flex flex-wrap items-center gap-1">
          {comment.canEdit ? (
            <Button asChild variant="ghost" size="sm" className="h-7 px-2 text-xs">
              <Link
                to={`${taskPageUrl(taskId, search, { comment: comment.id })}#comments`}
                preventScrollReset
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  setEditing(true);
                }}
              >
                <Pencil aria-hidden />
                Edit<span className="sr-only"> your comment</span>
              </Link>
            </Button>
          ) : null}
          {comment.canDelete ? (
            <remove.Form method="post" action={action} className="flex items-center gap-1">
              <input type="hidden" name="intent" value="comment-delete" />
              <input type="hidden" name="commentId" value={comment.id} />
              {hydrated && !confirming ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs"
                  onClick={() => setConfirming(true)}
                >
                  <Trash2 aria-hidden />
                  Delete<span className="sr-only"> comment by {comment.author.name}</span>
                </Button>
              ) : (
                <>
                  <Button
                    type="submit"
                    variant={hydrated ? "destructive" : "ghost"}
                    size="sm"
                    className="h-7 px-2 text-xs"
                  >
                    <Trash2 aria-hidden />
                    {hydrated ? "Delete comment" : "Delete"}
                    {hydrated ? null : <span className="sr-only"> comment by {comment.author.name}</span>}
                  </Button>
                  {hydrated ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="h-7 px-2 text-xs"
                      onClick={() => setConfirming(false)}
                    >
                      Cancel
                    </Button>
                  ) : null}
                </>
              )}
            </remove.Form>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The form's refusal for `intent`, from its fetcher or (without JavaScript) the page's action data. */
function useRefusal(intent: string, fetched: ReturnType<typeof useFetcher<typeof taskAction>>["data"]) {
  const pageReply = useActionData<typeof taskAction>();
  const reply = fetched?.intent === intent ? fetched : pageReply?.intent === intent ? pageReply : undefined;
  const refused = reply && !reply.ok ? reply : undefined;
  return {
    reply,
    errors: refused?.result?.error?.body ?? refused?.result?.error?.[""] ?? undefined,
    typed: refused?.result?.initialValue?.body,
  };
}

/** "Write a comment" with the `@` suggestions; with JavaScript it empties after posting and keeps the focus. */
function AddCommentForm({ taskId, members }: { taskId: string; members: readonly Member[] }) {
  const { search } = useLocation();
  const fetcher = useFetcher<typeof taskAction>({ key: `comment-add-${taskId}` });
  const toast = useToast();
  const { reply, errors, typed } = useRefusal("comment-add", fetcher.data);
  const [changedSince, setChangedSince] = useState<typeof reply>();
  const [value, setValue] = useState(typeof typed === "string" ? typed : "");
  const errorId = useId();
  const inputId = useId();
  useOnChange(fetcher.data, (outcome) => {
    if (outcome.intent !== "comment-add") return;
    if (outcome.toast && !outcome.result?.error) toast(outcome.toast);
    if (outcome.ok) setValue("");
  });
  const shownErrors = changedSince === reply ? undefined : errors;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      // Without JavaScript a refusal is the page again: the fragment brings it back at the comments.
      action={`${taskPageUrl(taskId, search)}#comments`}
      className="grid gap-2"
    >
      <input type="hidden" name="intent" value="comment-add" />
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        Write a comment
      </label>
      <MentionTextarea
        id={inputId}
        name="body"
        value={value}
        onValueChange={(next) => {
          setValue(next);
          setChangedSince(reply);
        }}
        members={members}
        placeholder="Type @ to mention a teammate"
        errorId={shownErrors ? errorId : undefined}
      />
      <FieldError id={errorId} errors={shownErrors} />
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          <Send aria-hidden />
          {busy ? "Posting…" : "Comment"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function EditCommentForm({
  taskId,
  comment,
  members,
  onClose,
}: {
  taskId: string;
  comment: CommentDto;
  members: readonly Member[];
  onClose: () => void;
}) {
  const hydrated = useHydrated();
  const { search } = useLocation();
  const fetcher = useFetcher<typeof taskAction>({ key: `comment-edit-${comment.id}` });
  const { errors, typed } = useRefusal("comment-edit", fetcher.data);
  const [value, setValue] = useState(typeof typed === "string" ? typed : comment.body);
  const errorId = useId();
  const inputId = useId();
  useOnChange(fetcher.data, (outcome) => {
    if (outcome.intent === "comment-edit" && outcome.ok) onClose();
  });
  return (
    <fetcher.Form
      method="post"
      // Without JavaScript a refusal is the page again: the fragment brings it back at the comments.
      action={`${taskPageUrl(taskId, search)}#comments`}
      className="grid gap-2"
    >
      <input type="hidden" name="intent" value="comment-edit" />
      <input type="hidden" name="commentId" value={comment.id} />
      <label htmlFor={inputId} className="sr-only">
        Edit your comment
      </label>
      <MentionTextarea
        id={inputId}
        name="body"
        value={value}
        onValueChange={setValue}
        members={members}
        errorId={errors ? errorId : undefined}
        focusOnOpen
      />
      <FieldError id={errorId} errors={errors} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
          Save
        </Button>
        {hydrated ? (
          <Button type="button" variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
        ) : (
          <Button asChild variant="ghost" size="sm">
            <Link to={`${taskPageUrl(taskId, search)}#comments`}>Cancel</Link>
          </Button>
        )}
      </div>
    </fetcher.Form>
  );
}

/**
 * A textarea that suggests members while an `@name` is being typed: a listbox under it, ArrowUp/ArrowDown to move,
 * Enter or Tab to pick, Escape to close, or a click. The picked name replaces what was typed after the `@`. Without
 * JavaScript it is a plain textarea (an `@Name` typed in full mentions just the same).
 */
function MentionTextarea({
  id,
  name,
  value,
  onValueChange,
  members,
  placeholder,
  errorId,
  focusOnOpen = false,
}: {
  id: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  members: readonly Member[];
  placeholder?: string;
  errorId?: string;
  /** Takes the keyboard when it appears (the edit form opened by its 'Edit'). */
  focusOnOpen?: boolean;
}) {
  const listId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const caretAfterPick = useRef<number | null>(null);
  const suggestions = query ? suggestMembers(members, query.query) : [];
  const open = suggestions.length > 0;
  const activeIndex = Math.min(active, Math.max(suggestions.length - 1, 0));

  useEffect(() => {
    if (focusOnOpen) field.current?.focus();
  }, [focusOnOpen]);

  useEffect(() => {
    const caret = caretAfterPick.current;
    if (caret === null || !field.current) return;
    caretAfterPick.current = null;
    field.current.focus();
    field.current.setSelectionRange(caret, caret);
  }, [value]);

  const look = (element: HTMLTextAreaElement) => {
    setQuery(mentionQueryAt(element.value, element.selectionStart ?? element.value.length));
    setActive(0);
  };
  const pick = (member: Member) => {
    const element = field.current;
    if (!query || !element) return;
    const caret = element.selectionStart ?? value.length;
    const inserted = `@${member.name} `;
    const next = `${value.slice(0, query.start)}${inserted}${value.slice(caret)}`;
    caretAfterPick.current = query.start + inserted.length;
    setQuery(null);
    onValueChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + suggestions.length) % suggestions.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      pick(suggestions[activeIndex]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      setQuery(null);
    }
  };

  return (
    <div className="relative">
      <Textarea
        ref={field}
        id={id}
        name={name}
        value={value}
        rows={3}
        maxLength={COMMENT_MAX}
        placeholder={placeholder}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          look(event.target);
        }}
        onKeyDown={onKeyDown}
        onClick={(event) => look(event.currentTarget)}
        onBlur={() => setQuery(null)}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Mention a teammate"
          className="absolute inset-x-0 top-full z-10 mt-1 max-h-56 overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((member, index) => (
            <li
              key={member.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={cn(
                "cursor-pointer px-3 py-1.5 text-sm text-slate-800",
                index === activeIndex ? "bg-brand-50 text-brand-900" : "hover:bg-slate-50",
              )}
              // Before the textarea's blur, so the pick lands.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(member);
              }}
            >
              {member.name}
            </li>
          ))}
        </ul>
      ) : null}
      <span className="sr-only" aria-live="polite">
        {open ? `${suggestions.length} ${suggestions.length === 1 ? "teammate" : "teammates"} to mention` : ""}
      </span>
    </div>
  );
}
