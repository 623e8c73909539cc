import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CreditCard } from "lucide-react";
import { AppShell, PageHeader } from "~/components/app-shell";
import { PlanChooser } from "~/components/billing/plan-chooser";
import { Landing } from "~/components/landing";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { checkoutSessionSchema } from "~/domain/billing-schemas";
import { formatBytes } from "~/domain/files";
import { PLANS, storageQuota } from "~/domain/tiers";
import { z } from "zod";
import { intent, pageAction } from "~/http/page-action.server";
import { checkoutBody } from "~/lib/billing-client";
import { formatCalendarDate } from "~/domain/dates";
import { pageMeta } from "~/lib/meta";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { withActor } from "~/services/context.server";
import { getBillingStatus, openBillingPortal, startUpgrade } from "~/services/billing.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Upgrade Your Plan" : null);

export const shouldRevalidate = keepLandingAfterSignup;

/**
 * The plans as a page: where 'Upgrade Plan' leads without JavaScript (with it, the same cards open in a dialog),
 * and where a subscriber reaches Stripe's customer portal.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return { signedIn: false as const };
  return {
    signedIn: true as const,
    billing: await getBillingStatus(withActor(context, auth), { ownTier: auth.tier }),
    user: await shellUser(auth),
  };
}

/** A plan button (`intent=checkout`, `tier`) or 'Manage Billing' (`intent=portal`): a 303 to Stripe, or the error. */
export const action = pageAction(
  {
    checkout: intent({
      schema: checkoutSessionSchema.pick({ tier: true }),
      errors: "form",
      run: async ({ ctx, value, request }) => {
        const origin = new URL(request.url).origin;
        const url = await startUpgrade(ctx, { ...checkoutBody(value.tier, origin), ownTier: ctx.auth.tier, origin });
        throw redirect(url, 303);
      },
    }),
    portal: intent({
      schema: z.object({}),
      errors: "form",
      run: async ({ ctx, request }) => {
        const origin = new URL(request.url).origin;
        throw redirect(await openBillingPortal(ctx, { returnUrl: `${origin}/upgrade`, origin }), 303);
      },
    }),
  },
  { signedOutTo: "/upgrade" },
);

export default function UpgradeRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData.signedIn) return <Landing />;
  const { user, billing } = loaderData;
  const subscription = billing.subscription;
  const refusal = Object.values(actionData?.result?.error ?? {})
    .flat()
    .find(Boolean);
  return (
    <AppShell user={user}>
      <PageHeader
        title="Upgrade Your Plan"
        description="More tasks, AI task creation and advanced analytics for your crew."
      />
      {refusal && actionData?.code !== "not_configured" ? (
        <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      {subscription ? (
        <Card className="mb-6">
          <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between sm:pt-6">
            <p className="text-sm text-slate-700">
              <strong className="font-semibold text-slate-900">{PLANS[subscription.tier].name} subscription</strong>
              {": "}
              {subscription.status.replace(/_/g, " ")}
              {subscription.currentPeriodEnd
                ? `, ${subscription.cancelAtPeriodEnd ? "ends" : "renews"} on ${formatCalendarDate(subscription.currentPeriodEnd.slice(0, 10))}`
                : ""}
              .
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="portal" />
              <Button type="submit" variant="secondary">
                <CreditCard aria-hidden />
                Manage Billing
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
      <PlanChooser tier={billing.currentTier} />
      <p className="mt-4 text-center text-sm text-slate-600">
        Files on tasks, per workspace: Free holds {formatBytes(storageQuota("free"))}, {PLANS.basic.name}{" "}
        {formatBytes(storageQuota("basic"))} and {PLANS.premium.name} {formatBytes(storageQuota("premium"))}.
      </p>
    </AppShell>
  );
}
