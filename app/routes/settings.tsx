import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AppShell, PageHeader } from "~/components/app-shell";
import { FlashBanner } from "~/components/flash";
import { Landing } from "~/components/landing";
import { CalendarFeedsCard } from "~/components/settings/calendar-feeds-card";
import { useToast } from "~/components/toaster";
import { feedCreateSchema } from "~/domain/calendar-feed";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { useOnChange } from "~/lib/use-on-change";
import { createFeed, listMyFeeds, revokeFeed } from "~/services/calendar-feeds.server";
import { readTogether, withActor } from "~/services/context.server";
import { createStage, deleteStage, listStages, moveStageOnePlace, renameStage } from "~/services/stages.server";
import { StagesCard } from "~/components/settings/stages-card";
import { DaySheetsCard } from "~/components/settings/day-sheets-card";
import { eventSettingsSchema } from "~/domain/schemas";
import { updateWorkspaceSettings } from "~/services/workspace.server";
import { stageNameSchema } from "~/domain/show-schemas";
import { CrewRulesCard } from "~/components/settings/crew-rules-card";
import { crewRulesSchema } from "~/domain/crew-rules";
import { ApiTokensCard } from "~/components/settings/api-tokens-card";
import { apiTokenFormSchema, expiryDaysOf } from "~/domain/api-tokens";
import { createApiToken, listMyApiTokens, revokeApiToken } from "~/services/api-tokens.server";
import { WebhooksLinkCard } from "~/components/settings/webhook-endpoints";

/**
 * `/settings`: the signed-in person's own settings in the current workspace: their calendar feeds (ADR 020):
 * subscribe a calendar app to their tasks or the whole workspace's, see the feeds and revoke them; and the
 * workspace's stages and rooms (ADR 037), which every member names; their personal API tokens (ADR 048).
 * Every form is a plain post, so it all works without JavaScript.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Your settings" : null);

export const shouldRevalidate = keepLandingAfterSignup;

/** A new feed's secret URL or API token is in this page's answer once: never cached, never sent on as a referrer. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const ctx = withActor(context, auth);
  const [feeds, stages, apiTokens] = await readTogether(ctx, () => [
    listMyFeeds(ctx),
    listStages(ctx, auth.workspace.id),
    listMyApiTokens(ctx),
  ]);
  const crewRules =
    auth.role === "owner"
      ? { dayLimitHours: auth.workspace.crewDayLimitHours, restHours: auth.workspace.crewRestHours }
      : null;
  const { workspace } = auth;
  // The day sheets' settings are the workspace's (ADR 044): owners change them here.
  const daySheets =
    auth.role === "owner"
      ? {
          venueAddress: workspace.venueAddress,
          daySheetTime: workspace.daySheetTime,
          daySheetEnabled: workspace.daySheetEnabled,
          timezone: workspace.timezone,
        }
      : null;
  const owner = auth.role === "owner";
  return data({
    signedIn: true as const,
    user: await shellUser(auth),
    feeds,
    stages,
    apiTokens,
    now: ctx.now.toISOString(),
    crewRules,
    daySheets,
    owner,
  });
}

const stageIdField = z.string({ required_error: "Choose a stage" }).trim().min(1, "Choose a stage").max(64);

/**
 * The page's forms, switched on `intent`. A new feed's URL comes back in this response only (shown once, never
 * put in a cookie or an address); a revoke goes back to the page with a toast.
 */
export const action = pageAction(
  {
    subscribe: intent({
      schema: feedCreateSchema,
      title: "Feed Not Created",
      run: async ({ ctx, value, request }) => {
        const feed = await createFeed(ctx, { ...value, origin: new URL(request.url).origin });
        return { data: { feed } };
      },
    }),
    revoke: intent({
      schema: z.object({ feedId: z.string({ required_error: "Choose a feed" }).trim().min(1).max(64) }),
      run: async ({ ctx, value }) => {
        await revokeFeed(ctx, value);
        const description = "Its address no longer works; calendars subscribed to it stop updating.";
        return { toast: { title: "Calendar Feed Revoked", description, variant: "success" } };
      },
    }),
    /** A new API token (ADR 048): shown in this response only, as a feed's URL is. */
    "token-create": intent({
      schema: apiTokenFormSchema,
      errors: "form",
      run: async ({ ctx, value }) => {
        const { name, scope, expiry } = value;
        const created = await createApiToken(ctx, { name, scope, expiresInDays: expiryDaysOf(expiry) });
        return { data: { apiToken: { name: created.name, scope: created.scope, token: created.token } } };
      },
    }),
    "token-revoke": intent({
      schema: z.object({ tokenId: z.string({ required_error: "Choose a token" }).trim().min(1).max(64) }),
      title: "Token Not Revoked",
      run: async ({ ctx, value }) => {
        await revokeApiToken(ctx, value);
        const description = "Whatever used it gets 401 from now on.";
        return { toast: { title: "API Token Revoked", description, variant: "success" } };
      },
    }),
    "stage-add": intent({
      schema: stageNameSchema,
      errors: "form",
      run: async ({ ctx, value }) => {
        const stage = await createStage(ctx, value);
        const description = `“${stage.name}” has its own cue sheet on every day of the run of show.`;
        return { toast: { title: "Stage Added", description, variant: "success" } };
      },
    }),
    "stage-rename": intent({
      schema: stageNameSchema.extend({ stageId: stageIdField }),
      title: "Stage Not Renamed",
      run: async ({ ctx, value }) => {
        const stage = await renameStage(ctx, { id: value.stageId, name: value.name });
        return { toast: { title: "Stage Renamed", description: `It is now “${stage.name}”.`, variant: "success" } };
      },
    }),
    "stage-move": intent({
      schema: z.object({ stageId: stageIdField, direction: z.enum(["up", "down"]) }),
      title: "Stage Not Moved",
      run: async ({ ctx, value }) => {
        const stage = await moveStageOnePlace(ctx, { id: value.stageId, direction: value.direction });
        return { toast: { title: "Stage Moved", description: `“${stage.name}” moved ${value.direction}.` } };
      },
    }),
    "day-sheets": intent({
      // A form's checkbox is sent only when ticked: absent means off.
      schema: z.object({
        venueAddress: eventSettingsSchema.shape.venueAddress,
        daySheetTime: eventSettingsSchema.shape.daySheetTime.unwrap(),
        daySheetEnabled: z
          .literal("on")
          .optional()
          .transform((v) => v === "on"),
      }),
      errors: "form",
      title: "Day Sheets Not Saved",
      run: async ({ ctx, value }) => {
        await updateWorkspaceSettings(ctx, { ...value, venueAddress: value.venueAddress ?? null });
        const description = value.daySheetEnabled
          ? `Members with a linked Slack get tomorrow's sheet at ${value.daySheetTime}.`
          : "The evening Slack DM is off; sheets stay on My day.";
        return { toast: { title: "Day Sheets Saved", description, variant: "success" } };
      },
    }),
    "stage-delete": intent({
      schema: z.object({ stageId: stageIdField }),
      title: "Stage Not Removed",
      run: async ({ ctx, value }) => {
        const stage = await deleteStage(ctx, { id: value.stageId });
        return { toast: { title: "Stage Removed", description: `“${stage.name}” is gone.`, variant: "success" } };
      },
    }),
    /** The crew rules (issue 35): owners only, as every workspace setting (the service says so). */
    "crew-rules": intent({
      schema: crewRulesSchema,
      errors: "form",
      run: async ({ ctx, value }) => {
        await updateWorkspaceSettings(ctx, value);
        const description = "Crew calls warn by the new limits.";
        return { toast: { title: "Crew Rules Saved", description, variant: "success" }, resetForm: false };
      },
    }),
  },
  { signedOutTo: "/settings" },
);

export default function SettingsRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  useOnChange(actionData?.toast, toast);
  if (!loaderData.signedIn) return <Landing />;
  const created = actionData?.intent === "subscribe" && actionData.ok ? actionData.data?.feed : undefined;
  const createdToken = actionData?.intent === "token-create" && actionData.ok ? actionData.data?.apiToken : undefined;
  return (
    <AppShell user={loaderData.user}>
      <PageHeader
        title="Your settings"
        description={`Your own calendar feeds and API tokens, and the stages and rooms everyone in ${loaderData.user.workspaceName} uses.`}
      />
      <FlashBanner />
      <div className="grid max-w-3xl gap-6">
        <CalendarFeedsCard feeds={loaderData.feeds} created={created} />
        <ApiTokensCard
          tokens={loaderData.apiTokens}
          created={createdToken}
          isOwner={loaderData.user.role === "owner"}
          now={loaderData.now}
        />
        <StagesCard stages={loaderData.stages} />
        {loaderData.crewRules ? <CrewRulesCard rules={loaderData.crewRules} /> : null}
        {loaderData.daySheets ? <DaySheetsCard settings={loaderData.daySheets} /> : null}
        {loaderData.owner ? <WebhooksLinkCard /> : null}
      </div>
    </AppShell>
  );
}
