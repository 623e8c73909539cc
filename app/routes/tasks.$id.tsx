import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { z } from "zod";
import { TaskDrawer, TaskNotFound } from "~/components/tasks/task-drawer";
import { todayIn } from "~/domain/dates";
import {
  checklistAddFormSchema,
  checklistMoveFormSchema,
  checklistRemoveFormSchema,
  checklistRenameFormSchema,
  checklistToggleFormSchema,
} from "~/domain/checklist";
import {
  commentAddFormSchema,
  commentDeleteFormSchema,
  commentEditFormSchema,
  followFormSchema,
} from "~/domain/comments";
import { isAppError } from "~/domain/errors";
import { plural } from "~/domain/labels";
import { editorChanges, linkSchema, taskEditSchema } from "~/domain/task-editor";
import { getPageAuth } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { pickerSearch, listUrl, taskPageUrl } from "~/lib/task-page-url";
import { addChecklistItem, removeChecklistItem, updateChecklistItem } from "~/services/checklists.server";
import { addComment, deleteComment, editComment, setFollowing } from "~/services/comments.server";
import { withActor } from "~/services/context.server";
import { deleteTask } from "~/services/task-deletion.server";
import { removeFile } from "~/services/task-files.server";
import { getTaskPage, moveDependants, saveTaskEdits, setLink } from "~/services/task-editor.server";

/**
 * `/tasks/{id}`: one task, editable, as a drawer over the list (app/routes/tasks.tsx renders the list and this in
 * its outlet); without JavaScript the same panel is a page with a way back. Another workspace's task, or one that
 * was deleted, is a 404 page.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.signedIn ? pageMeta(data.found ? data.task.title : "Task Not Found") : pageMeta(null);

/** After its delete the page goes back to the list; reading the task again would flash "not found" first. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.formData?.get("intent") === "delete" &&
  new URL(args.formAction ?? "/", args.currentUrl).pathname === args.currentUrl.pathname
    ? false
    : keepLandingAfterSignup(args);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await getPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const query = new URL(request.url).searchParams;
  const slip = Number.parseInt(query.get("slipped") ?? "", 10);
  try {
    const page = await getTaskPage(withActor(context, auth), {
      id: params.id!,
      search: pickerSearch(query),
      slip: Number.isFinite(slip) ? Math.min(slip, 365) : undefined,
      commentsBefore: query.get("comments_before")?.slice(0, 64) || undefined,
    });
    return data({
      signedIn: true as const,
      found: true as const,
      ...page,
      meId: auth.user.id,
      now: context.now.toISOString(),
      today: todayIn(auth.workspace.timezone, context.now),
      confirmDelete: query.get("confirm") === "delete",
      /** `?item={id}`: the checklist item being renamed without JavaScript. */
      editItem: query.get("item"),
      /** `?comment={id}`: the comment being edited without JavaScript. */
      editComment: query.get("comment"),
      /** `?comments_before={id}`: the page of older comments shown. */
      commentsBefore: query.get("comments_before"),
      /** `?file={id}`: the file whose delete is being confirmed without JavaScript. */
      confirmFile: query.get("file"),
    });
  } catch (error) {
    if (isAppError(error, "not_found"))
      return data({ signedIn: true as const, found: false as const }, { status: 404 });
    throw error;
  }
}

const moveSchema = z.object({
  days: z.coerce.number().int().min(1, "Move by at least one day").max(365, "Move by at most 365 days"),
});

/** Where a post without JavaScript comes back to: the page without its picker search or confirm step. */
const pageOf = (request: Request, id: string, extra?: { slipped: string }) =>
  taskPageUrl(id, new URL(request.url).search, extra);

/** Back to the comments after a post without JavaScript. */
const commentsOf = (request: Request, id: string) => `${pageOf(request, id)}#comments`;

/** Back to the checklist after a post without JavaScript (the page opens where the list is). */
const checklistOf = (request: Request, id: string) => `${pageOf(request, id)}#checklist`;

export const action = (args: ActionFunctionArgs) => {
  const id = args.params.id!;
  return pageAction(
    {
      save: intent({
        schema: taskEditSchema,
        errors: "form",
        failed: "Failed to save the task. Please try again.",
        run: async ({ ctx, value, request }) => {
          const { task, slip } = await saveTaskEdits(ctx, { id, changes: editorChanges(value) });
          return {
            toast: { title: "Task Saved", description: `“${task.title}” is saved.`, variant: "success" },
            data: { slip },
            resetForm: false,
            redirectTo: pageOf(request, id, slip ? { slipped: String(slip.days) } : undefined),
          };
        },
      }),
      link: intent({
        schema: linkSchema,
        failed: "Failed to add the dependency. Please try again.",
        run: async ({ ctx, value, request }) => {
          const { waiting, awaited } = await setLink(ctx, { taskId: id, ...value, linked: true });
          return {
            toast: {
              title: "Dependency Added",
              description: `“${waiting}” waits for “${awaited}”.`,
              variant: "success",
            },
            redirectTo: pageOf(request, id),
          };
        },
      }),
      unlink: intent({
        schema: linkSchema,
        failed: "Failed to remove the dependency. Please try again.",
        run: async ({ ctx, value, request }) => {
          const { waiting, awaited } = await setLink(ctx, { taskId: id, ...value, linked: false });
          return {
            toast: { title: "Dependency Removed", description: `“${waiting}” no longer waits for “${awaited}”.` },
            redirectTo: pageOf(request, id),
          };
        },
      }),
      "move-dependants": intent({
        schema: moveSchema,
        failed: "Failed to move the dates. Please try again.",
        run: async ({ ctx, value, request }) => {
          const { ids } = await moveDependants(ctx, { id, days: value.days });
          return {
            toast: {
              title: "Dates Moved",
              description: `${plural(ids.length, "task")} moved ${plural(value.days, "day")} later.`,
              variant: "success",
              undo: { at: ctx.now.toISOString() },
            },
            redirectTo: pageOf(request, id),
          };
        },
      }),
      "checklist-add": intent({
        schema: checklistAddFormSchema,
        errors: "form",
        failed: "Failed to add the item. Please try again.",
        run: async ({ ctx, value, request }) => {
          await addChecklistItem(ctx, { taskId: id, text: value.text });
          return { redirectTo: checklistOf(request, id) };
        },
      }),
      "checklist-toggle": intent({
        schema: checklistToggleFormSchema,
        failed: "Failed to change the item. Please try again.",
        run: async ({ ctx, value, request }) => {
          await updateChecklistItem(ctx, { taskId: id, itemId: value.itemId, changes: { done: value.done } });
          return { redirectTo: checklistOf(request, id) };
        },
      }),
      "checklist-rename": intent({
        schema: checklistRenameFormSchema,
        failed: "Failed to rename the item. Please try again.",
        run: async ({ ctx, value, request }) => {
          await updateChecklistItem(ctx, { taskId: id, itemId: value.itemId, changes: { text: value.text } });
          return { redirectTo: checklistOf(request, id) };
        },
      }),
      "checklist-move": intent({
        schema: checklistMoveFormSchema,
        failed: "Failed to move the item. Please try again.",
        run: async ({ ctx, value, request }) => {
          await updateChecklistItem(ctx, { taskId: id, itemId: value.itemId, changes: { position: value.position } });
          return { redirectTo: checklistOf(request, id) };
        },
      }),
      "checklist-remove": intent({
        schema: checklistRemoveFormSchema,
        failed: "Failed to remove the item. Please try again.",
        run: async ({ ctx, value, request }) => {
          const { item } = await removeChecklistItem(ctx, { taskId: id, itemId: value.itemId });
          return {
            toast: { title: "Item Removed", description: `“${item.text}” is off the checklist.` },
            redirectTo: checklistOf(request, id),
          };
        },
      }),
      "comment-add": intent({
        schema: commentAddFormSchema,
        errors: "form",
        failed: "Failed to post the comment. Please try again.",
        run: async ({ ctx, value, request }) => {
          await addComment(ctx, id, { body: value.body });
          return { redirectTo: commentsOf(request, id) };
        },
      }),
      "comment-edit": intent({
        schema: commentEditFormSchema,
        errors: "form",
        failed: "Failed to save the comment. Please try again.",
        run: async ({ ctx, value, request }) => {
          await editComment(ctx, id, value.commentId, { body: value.body });
          return { redirectTo: commentsOf(request, id) };
        },
      }),
      "comment-delete": intent({
        schema: commentDeleteFormSchema,
        failed: "Failed to delete the comment. Please try again.",
        run: async ({ ctx, value, request }) => {
          await deleteComment(ctx, id, value.commentId);
          return {
            toast: { title: "Comment Deleted", description: "The comment is deleted." },
            redirectTo: commentsOf(request, id),
          };
        },
      }),
      follow: intent({
        schema: followFormSchema,
        failed: "Failed to change following. Please try again.",
        run: async ({ ctx, value, request }) => {
          const { following } = await setFollowing(ctx, id, value.follow);
          return {
            toast: following
              ? { title: "Following", description: "You will hear of new comments and status changes." }
              : {
                  title: "Unfollowed",
                  description: "You will no longer hear of this task's comments and status changes.",
                },
            redirectTo: commentsOf(request, id),
          };
        },
      }),
      "file-remove": intent({
        schema: z.object({
          fileId: z.string({ required_error: "Choose a file" }).trim().min(1, "Choose a file").max(64),
        }),
        failed: "Failed to delete the file. Please try again.",
        run: async ({ ctx, value, request }) => {
          const file = await removeFile(ctx, value.fileId);
          return {
            toast: { title: "File Deleted", description: `“${file.name}” was deleted.` },
            redirectTo: `${pageOf(request, id)}#files`,
          };
        },
      }),
      delete: intent({
        // A recurring task's choice (ADR 021): this occurrence, or this and the following.
        schema: z.object({ series: z.enum(["this", "following"]).default("this") }),
        failed: "Failed to delete the task. Please try again.",
        run: async ({ ctx, request, value }) => {
          const task = await deleteTask(ctx, id, value.series);
          return {
            toast: {
              title: "Task Deleted",
              description: `“${task.title}” was deleted.`,
              undo: { at: ctx.now.toISOString() },
            },
            redirectTo: listUrl(new URL(request.url).search),
          };
        },
      }),
    },
    { signedOutTo: "/tasks" },
  )(args);
};

export default function TaskRoute() {
  const loaderData = useLoaderData<typeof loader>();
  if (!loaderData.signedIn) return null;
  if (!loaderData.found) return <TaskNotFound />;
  return <TaskDrawer {...loaderData} />;
}
