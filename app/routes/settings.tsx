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
import { withActor } from "~/services/context.server";

/**
 * `/settings`: the signed-in person's own settings in the current workspace. For now their calendar feeds
 * (ADR 020): subscribe a calendar app to their tasks or the whole workspace's, see the feeds and revoke them.
 * Every form is a plain post, so it all works without JavaScript.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Your settings" : null);

export const shouldRevalidate = keepLandingAfterSignup;

/** A new feed's secret URL is in this page's answer once: never cached, never sent on as a referrer. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const feeds = await listMyFeeds(withActor(context, auth));
  return data({ signedIn: true as const, user: await shellUser(auth), feeds });
}

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
  return (
    <AppShell user={loaderData.user}>
      <PageHeader title="Your settings" description={`Yours alone, in ${loaderData.user.workspaceName}.`} />
      <FlashBanner />
      <div className="grid max-w-3xl gap-6">
        <CalendarFeedsCard feeds={loaderData.feeds} created={created} />
      </div>
    </AppShell>
  );
}
