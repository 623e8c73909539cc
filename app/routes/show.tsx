import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ShowPage } from "~/components/show/show-page";
import { useToast } from "~/components/toaster";
import { plural } from "~/domain/labels";
import {
  cueEditFormSchema,
  cueFormSchema,
  cueIdSchema,
  cueMoveSchema,
  dayField,
  showDayQuerySchema,
} from "~/domain/show-schemas";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { shareIntents } from "~/http/show-share-intents.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { useOnChange } from "~/lib/use-on-change";
import { readTogether, withActor } from "~/services/context.server";
import { listShares } from "~/services/show-shares.server";
import {
  createCue,
  deleteCue,
  getShowPage,
  importCuesCsv,
  moveCueOnePlace,
  searchCueTasks,
  updateCue,
} from "~/services/show.server";

/**
 * `/show`: the run of show (issue 17, ADR 024), one day's cue sheet at a time. Every change is a plain form posted
 * to this route's action (one per action, as on the tasks page), so the sheet is fully editable without JavaScript;
 * with it, rows also reorder by drag and by keyboard through `POST /api/show/cues/reorder`.
 * `?day=` picks the day, `?stage=` the stages (ADR 037: `all` side by side, a stage's id, or `none`), `?edit={cueId}` opens a cue's edit form, `?paper=letter` prints on Letter (A4 otherwise).
 */
export const meta: MetaFunction = () => pageMeta("Run of show");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) throw redirect("/dashboard");
  const params = new URL(request.url).searchParams;
  const query = showDayQuerySchema.safeParse({ day: params.get("day") ?? undefined });
  const ctx = withActor(context, auth);
  const [page, shares] = await readTogether(ctx, () => [
    getShowPage(ctx, { day: query.success ? query.data.day : undefined, stage: params.get("stage") }),
    listShares(ctx),
  ]);
  const editId = params.get("edit");
  const shown = page.sheets.flatMap((sheet) => sheet.cues);
  return {
    user: await shellUser(auth),
    ...page,
    badDay: !query.success,
    editId: editId && shown.some((c) => c.id === editId) ? editId : null,
    // `?delete={cueId}`: the row asks before the cue goes (its notes and task links go with it), with or without
    // JavaScript.
    deleteId: shown.find((c) => c.id === params.get("delete"))?.id ?? null,
    paper: params.get("paper") === "letter" ? ("letter" as const) : ("a4" as const),
    eventName: auth.workspace.eventName,
    shares,
  };
}

const backTo = (request: Request, day: string) => {
  const url = new URL(request.url);
  url.searchParams.set("day", day);
  url.searchParams.delete("edit");
  url.searchParams.delete("delete");
  return `${url.pathname}${url.search}`;
};

const importSchema = z.object({
  day: dayField,
  /** Where rows without a stage go (ADR 037); blank: the cues on no stage. */
  stageId: z
    .string()
    .max(64)
    .optional()
    .transform((v) => v || null),
  file: z
    .instanceof(File, { message: "Choose a CSV file" })
    .refine((f) => f.size > 0, "Choose a CSV file")
    // As the API's import: a day's CSV is a few KB.
    .refine((f) => f.size <= 256 * 1024, "The file is too large (limit 256 KB)"),
});

export const action = pageAction(
  {
    add: intent({
      schema: cueFormSchema,
      errors: "form",
      failed: "Failed to add the cue. Please try again.",
      run: async ({ ctx, value, request }) => {
        const cue = await createCue(ctx, value);
        return {
          toast: { title: "Cue Added", description: `“${cue.title}” is on the sheet.`, variant: "success" },
          redirectTo: backTo(request, cue.day),
        };
      },
    }),
    edit: intent({
      schema: cueEditFormSchema,
      errors: "form",
      failed: "Failed to save the cue. Please try again.",
      run: async ({ ctx, value, request }) => {
        const { cueId, ...changes } = value;
        // The form lists every linked task as a ticked box: none ticked means none linked.
        const cue = await updateCue(ctx, { id: cueId, changes: { ...changes, taskIds: changes.taskIds ?? [] } });
        return {
          toast: { title: "Cue Saved", description: `“${cue.title}” was saved.`, variant: "success" },
          redirectTo: backTo(request, cue.day),
        };
      },
    }),
    /** The edit form's 'Find tasks' without JavaScript: the form shows again with its values and the matches. */
    "find-tasks": intent({
      schema: z.object({ q: z.string().trim().max(100).optional() }),
      errors: "form",
      run: async ({ ctx, value }) => ({
        data: { matches: await searchCueTasks(ctx, value.q ?? "") },
        resetForm: false,
      }),
    }),
    move: intent({
      schema: cueMoveSchema,
      errors: "failed",
      failed: "Could not move the cue. Please try again.",
      run: async ({ ctx, value }) => {
        const cue = await moveCueOnePlace(ctx, value);
        return { toast: { title: "Cue Moved", description: `“${cue.title}” moved ${value.direction}.` } };
      },
    }),
    delete: intent({
      schema: cueIdSchema,
      errors: "failed",
      failed: "Could not delete the cue. Please try again.",
      run: async ({ ctx, value, request }) => {
        const cue = await deleteCue(ctx, value.cueId);
        return {
          toast: { title: "Cue Deleted", description: "The cue was removed from the sheet.", variant: "success" },
          redirectTo: backTo(request, cue.day),
        };
      },
    }),
    import: intent({
      schema: importSchema,
      errors: "form",
      failed: "Could not import the file. Please try again.",
      run: async ({ ctx, value, request }) => {
        const { imported } = await importCuesCsv(ctx, {
          day: value.day,
          stageId: value.stageId,
          csv: await value.file.text(),
        });
        return {
          toast: { title: "Cues Imported", description: `${plural(imported, "cue")} added.`, variant: "success" },
          redirectTo: backTo(request, value.day),
        };
      },
    }),
    ...shareIntents,
  },
  { signedOutTo: "/show" },
);

export type ShowAction = typeof action;

export default function ShowRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  useOnChange(actionData?.toast, toast);
  return <ShowPage {...data} actionData={actionData} />;
}
