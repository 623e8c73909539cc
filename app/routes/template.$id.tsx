import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { statusOf, toastOf } from "~/http/errors.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SignedOutLanding } from "~/components/signed-out-landing";
import { TemplatePage, TemplateNotFound } from "~/components/templates/template-page";
import { AppError, isAppError } from "~/domain/errors";
import { eventWallClock } from "~/domain/event-settings";
import { overLimitNote } from "~/domain/tiers";
import { templateApplySchema } from "~/domain/schemas";
import { templateStats } from "~/domain/templates";
import { clearFlashCookie, readFlash, redirectWithFlash } from "~/http/toast.server";
import { plural } from "~/domain/labels";
import { errorSummary } from "~/lib/log";
import { getPageAuth, requirePageActionAuth, shellUser, taskScope } from "~/http/auth.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { toastFromMessage, type ToastMessage } from "~/lib/toast";
import { applyTemplate, findTemplate } from "~/services/templates.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.signedIn ? (data.template ? `${data.template.name} template` : "Template Not Found") : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const template = findTemplate(params.id ?? "");
  // A former id (before ids were the slug of the name) moved for good.
  if (template && template.id !== params.id) throw redirect(`/template/${template.id}${new URL(request.url).search}`, 301);
  const auth = await getPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const user = shellUser(auth);
  if (!template) return data({ signedIn: true as const, user, id: params.id ?? "", template: null }, { status: 404 });
  const { eventName, eventDate, timezone } = auth.workspace;
  const event = eventWallClock(eventDate, timezone);
  const flash = readFlash(request);
  return data(
    {
      signedIn: true as const,
      user,
      id: template.id,
      template,
      stats: templateStats(template),
      event: event ? { eventName, date: event.date, time: event.time, timezone } : null,
      // `?select=none` is Deselect All without JavaScript; every task starts selected otherwise.
      selectNone: new URL(request.url).searchParams.get("select") === "none",
      flash,
    },
    flash ? { headers: { "Set-Cookie": clearFlashCookie(request) } } : undefined,
  );
}

const createFailed: ToastMessage = {
  title: "Error Creating Tasks",
  description: "Failed to create tasks from template. Please try again.",
  variant: "destructive",
};

/** Creates the checked tasks in one request; on success the producer lands on the tasks page with a toast. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const auth = await requirePageActionAuth(request, context, `/template/${params.id ?? ""}`);
  const template = findTemplate(params.id ?? "");
  if (!template) throw new Response("Template not found", { status: 404 });
  const formData = await request.formData();
  const parsed = templateApplySchema.safeParse({ indexes: formData.getAll("task").map(Number) });
  if (!parsed.success) {
    return data({ toast: toastFromMessage(parsed.error.issues[0].message) }, { status: 400 });
  }
  let toast: ToastMessage;
  try {
    const { created, skipped, overLimit } = await applyTemplate(taskScope(auth, context), template, parsed.data.indexes);
    const skippedNote = skipped.length
      ? ` ${plural(skipped.length, "task")} skipped: already open on the board.`
      : "";
    toast = {
      title: "Tasks Created Successfully",
      description: `${plural(created.length, "task")} created from “${template.name}”.${skippedNote}${overLimitNote(overLimit, auth.plan.tier)}`,
      variant: "success",
    };
  } catch (error) {
    if (!(error instanceof AppError)) {
      console.error(`template apply failed: ${errorSummary(error)}`);
    }
    const status = error instanceof AppError ? statusOf(error) : 500;
    // The plan's task limit is worth saying as is; other failures keep the spec's wording.
    const limited = isAppError(error, "plan_limit");
    return data({ toast: limited ? toastOf(error) : createFailed }, { status });
  }
  // With or without JavaScript: the redirect carries the toast to the tasks page, where the new tasks are.
  throw redirectWithFlash(request, "/tasks", toast);
}

export default function TemplateRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData.signedIn) return <SignedOutLanding />;
  if (!loaderData.template) return <TemplateNotFound user={loaderData.user} id={loaderData.id} />;
  return <TemplatePage {...loaderData} template={loaderData.template} error={actionData?.toast ?? null} />;
}
