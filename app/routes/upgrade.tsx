import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { statusOf } from "~/http/errors.server";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CreditCard } from "lucide-react";
import { AppShell, PageHeader } from "~/components/app-shell";
import { BILLING_NOT_CONFIGURED, PlanChooser } from "~/components/billing/plan-chooser";
import { Landing } from "~/components/landing";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { checkoutSessionSchema } from "~/domain/billing-schemas";
import { AppError } from "~/domain/errors";
import { PLANS } from "~/domain/tiers";
import { validate } from "~/http/api.server";
import { checkoutBody } from "~/lib/billing-client";
import { formatCalendarDate } from "~/domain/dates";
import { pageMeta } from "~/lib/meta";
import { getPageAuth, requirePageActionAuth, shellUser } from "~/http/auth.server";
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
  const auth = await getPageAuth(request, context);
  if (!auth) return { signedIn: false as const };
  return {
    signedIn: true as const,
    user: shellUser(auth),
    billing: await getBillingStatus(withActor(context, auth), { ownTier: auth.tier }),
  };
}

/** A plan button (`intent=checkout`, `tier`) or 'Manage Billing' (`intent=portal`): a 303 to Stripe, or the error. */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requirePageActionAuth(request, context, "/upgrade");
  const form = await request.formData();
  const intent = form.get("intent");
  const origin = new URL(request.url).origin;
  let url: string;
  try {
    if (intent === "checkout") {
      const { tier } = validate(checkoutSessionSchema.pick({ tier: true }), { tier: form.get("tier") });
      url = await startUpgrade(withActor(context, auth), { ...checkoutBody(tier, origin), ownTier: auth.tier, origin });
    } else if (intent === "portal") {
      url = await openBillingPortal(withActor(context, auth), { returnUrl: `${origin}/upgrade`, origin });
    } else {
      throw new Response("Unknown form", { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ error: error.message }, { status: statusOf(error) });
  }
  return redirect(url, 303);
}

export default function UpgradeRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData.signedIn) return <Landing />;
  const { user, billing } = loaderData;
  const subscription = billing.subscription;
  return (
    <AppShell user={user}>
      <PageHeader
        title="Upgrade Your Plan"
        description="More tasks, AI task creation and advanced analytics for your crew."
      />
      {actionData?.error && actionData.error !== BILLING_NOT_CONFIGURED ? (
        <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {actionData.error}
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
    </AppShell>
  );
}
