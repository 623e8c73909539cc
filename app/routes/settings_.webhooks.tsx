import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AppShell, PageHeader } from "~/components/app-shell";
import { FlashBanner } from "~/components/flash";
import { Landing } from "~/components/landing";
import { NewWebhookSecret, WebhookAddForm, WebhookEndpointList } from "~/components/settings/webhook-endpoints";
import { useToast } from "~/components/toaster";
import { Card, CardContent } from "~/components/ui/card";
import { webhookCreateSchema } from "~/domain/webhooks";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { useOnChange } from "~/lib/use-on-change";
import { withActor } from "~/services/context.server";
import {
  createWebhook,
  deleteWebhook,
  resendDelivery,
  sendTestEvent,
  updateWebhook,
  webhooksPage,
} from "~/services/webhooks.server";

/**
 * `/settings/webhooks` (issue 36, ADR 049): a workspace owner's webhook endpoints: add one (its signing secret shown
 * once), send a test event, switch it off and on, delete it, and read each one's newest deliveries with 'Resend'.
 * Every form is a plain post, so it all works without JavaScript; members are told that owners manage these.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Webhooks" : null);

export const shouldRevalidate = keepLandingAfterSignup;

/** A new endpoint's secret is in this page's answer once: never cached, never sent on as a referrer. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const user = await shellUser(auth);
  if (auth.role !== "owner") return data({ signedIn: true as const, user, owner: false as const });
  const endpoints = await webhooksPage(withActor(context, auth));
  return data({ signedIn: true as const, user, owner: true as const, endpoints, timezone: auth.workspace.timezone });
}

const endpointIdField = z.string({ required_error: "Choose an endpoint" }).trim().min(1, "Choose an endpoint").max(64);

export const action = pageAction(
  {
    create: intent({
      schema: webhookCreateSchema,
      errors: "form",
      title: "Endpoint Not Added",
      run: async ({ ctx, value }) => {
        const created = await createWebhook(ctx, value);
        return { data: created };
      },
    }),
    test: intent({
      schema: z.object({ endpointId: endpointIdField }),
      title: "Test Event Not Sent",
      run: async ({ ctx, value }) => {
        await sendTestEvent(ctx, value.endpointId);
        const description = "A ping is on its way; it shows in the endpoint's deliveries.";
        return { toast: { title: "Test Event Sent", description, variant: "success" } };
      },
    }),
    resend: intent({
      schema: z.object({ endpointId: endpointIdField, deliveryId: endpointIdField }),
      title: "Delivery Not Resent",
      run: async ({ ctx, value }) => {
        const delivery = await resendDelivery(ctx, value.endpointId, value.deliveryId);
        const description = `The ${delivery.event} event is sent again, with the same event id.`;
        return { toast: { title: "Delivery Resent", description, variant: "success" } };
      },
    }),
    toggle: intent({
      schema: z.object({ endpointId: endpointIdField, enabled: z.enum(["true", "false"]) }),
      title: "Endpoint Not Changed",
      run: async ({ ctx, value }) => {
        const on = value.enabled === "true";
        await updateWebhook(ctx, value.endpointId, { enabled: on });
        const description = on ? "Events are sent to it again." : "No events are sent to it until it is turned on.";
        return { toast: { title: on ? "Endpoint Turned On" : "Endpoint Turned Off", description, variant: "success" } };
      },
    }),
    delete: intent({
      schema: z.object({ endpointId: endpointIdField }),
      title: "Endpoint Not Deleted",
      run: async ({ ctx, value }) => {
        await deleteWebhook(ctx, value.endpointId);
        const description = "It gets no more events, and its delivery log is gone.";
        return { toast: { title: "Endpoint Deleted", description, variant: "success" } };
      },
    }),
  },
  { signedOutTo: "/settings/webhooks" },
);

export default function WebhooksRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  useOnChange(actionData?.toast, toast);
  if (!loaderData.signedIn) return <Landing />;
  const created = actionData?.intent === "create" && actionData.ok ? actionData.data : undefined;
  return (
    <AppShell user={loaderData.user}>
      <PageHeader
        title="Webhooks"
        description={`Tell your other systems when tasks, comments or the show change in ${loaderData.user.workspaceName}: Cueboard posts each event, signed, to the addresses you add here.`}
      />
      <FlashBanner />
      <div className="grid min-w-0 max-w-4xl gap-6">
        {loaderData.owner ? (
          <>
            {created ? <NewWebhookSecret url={created.endpoint.url} secret={created.secret} /> : null}
            <WebhookAddForm count={loaderData.endpoints.length} />
            <WebhookEndpointList endpoints={loaderData.endpoints} timezone={loaderData.timezone} />
          </>
        ) : (
          <Card>
            <CardContent className="pt-6 text-sm text-slate-700">
              Only workspace owners manage webhooks. Ask an owner of {loaderData.user.workspaceName} to add one.
            </CardContent>
          </Card>
        )}
      </div>
    </AppShell>
  );
}
