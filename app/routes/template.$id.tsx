import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { SignedOutLanding } from "~/components/signed-out-landing";
import { TemplatePage, TemplateNotFound } from "~/components/templates/template-page";
import { AppError } from "~/domain/errors";
import { eventDaysLabel, eventWallClock } from "~/domain/event-settings";
import { plural } from "~/domain/labels";
import { templateStats } from "~/domain/templates";
import { overLimitNote } from "~/domain/tiers";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { redirectWithToast } from "~/http/toast.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { withActor } from "~/services/context.server";
import { applyTemplate, findTemplate, planTemplate } from "~/services/templates.server";
import { todayIn } from "~/domain/dates";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.signedIn ? (data.template ? `${data.template.name} template` : "Template Not Found") : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const template = findTemplate(params.id ?? "");
  // A former id (before ids were the slug of the name) moved for good.
  if (template && template.id !== params.id)
    throw redirect(`/template/${template.id}${new URL(request.url).search}`, 301);
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const user = await shellUser(auth);
  if (!template) return data({ signedIn: true as const, user, id: params.id ?? "", template: null }, { status: 404 });
  const { eventName, eventDate, timezone } = auth.workspace;
  const event = eventWallClock(eventDate, timezone);
  const query = new URL(request.url).searchParams;
  // `?plan=keep` keeps the template's usual lead times when they do not fit; compressing is the default.
  const mode = query.get("plan") === "keep" ? ("keep" as const) : ("compress" as const);
  return data({
    signedIn: true as const,
    user,
    id: template.id,
    template,
    stats: templateStats(template),
    event: event
      ? {
          eventName,
          date: event.date,
          time: event.time,
          timezone,
          // The days left as the dashboard's countdown counts them (issue 33: one rule everywhere).
          eventDays: eventDate ? eventDaysLabel(Date.parse(eventDate), context.now.getTime(), timezone) : null,
        }
      : null,
    plan: planTemplate(withActor(context, auth), { template, mode }),
    today: todayIn(timezone, context.now),
    // `?select=none` is Deselect All without JavaScript; every task starts selected otherwise.
    selectNone: query.get("select") === "none",
  });
}

/** The checked tasks (`task`, by index); none checked is refused below, with the spec's wording. */
const applySchema = z.object({
  task: z.array(z.number().int().min(0)).max(100).optional(),
  mode: z.enum(["compress", "keep"]).default("compress"),
});

/** Creates the checked tasks in one request; on success the producer lands on the tasks page with a toast. */
export const action = (args: ActionFunctionArgs) => {
  const template = findTemplate(args.params.id ?? "");
  if (!template) throw new Response("Template not found", { status: 404 });
  return pageAction(
    {
      apply: intent({
        schema: applySchema,
        title: "Error Creating Tasks",
        failed: "Failed to create tasks from template. Please try again.",
        run: async ({ ctx, value, request }) => {
          if (!value.task?.length) {
            throw new AppError("invalid", "Please select at least one task to create.", { title: "No Tasks Selected" });
          }
          const { created, skipped, overLimit } = await applyTemplate(ctx, {
            template,
            indexes: value.task,
            mode: value.mode,
          });
          const skippedNote = skipped.length
            ? ` ${plural(skipped.length, "task")} skipped: already open on the board.`
            : "";
          const limitNote = overLimitNote(overLimit, ctx.actor.plan.tier);
          // With or without JavaScript: the redirect carries the toast to the tasks page, where the new tasks are.
          if (created.length === 0 && skipped.length > 0 && !limitNote) {
            // Applied again: nothing new, and no success to claim.
            throw redirectWithToast(request, "/tasks", {
              title: "No New Tasks",
              description: `All ${plural(skipped.length, "selected task")} from “${template.name}” are already open on the board.`,
            });
          }
          throw redirectWithToast(request, "/tasks", {
            title: "Tasks Created Successfully",
            description: `${plural(created.length, "task")} created from “${template.name}”.${skippedNote}${limitNote}`,
            variant: "success",
          });
        },
      }),
    },
    { signedOutTo: `/template/${args.params.id ?? ""}` },
  )(args);
};

export default function TemplateRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData.signedIn) return <SignedOutLanding />;
  if (!loaderData.template) return <TemplateNotFound user={loaderData.user} id={loaderData.id} />;
  return <TemplatePage {...loaderData} template={loaderData.template} error={actionData?.toast ?? null} />;
}
