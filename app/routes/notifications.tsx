import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AppShell, PageHeader } from "~/components/app-shell";
import { NotificationList } from "~/components/notifications/notification-list";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { plural } from "~/domain/labels";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { withActor } from "~/services/context.server";
import { listMyNotifications, markMyNotificationsRead } from "~/services/notifications.server";

/**
 * `/notifications`: the signed-in member's notifications in this workspace, newest first, each linking to its task,
 * with 'Mark all read' as a plain form. The header's menu shows the same list; this page is where it leads without
 * JavaScript.
 */
export const meta: MetaFunction = () => pageMeta("Notifications");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) throw redirect("/dashboard");
  const list = await listMyNotifications(withActor(context, auth));
  return { user: await shellUser(auth), ...list };
}

export const action = pageAction(
  {
    "read-all": intent({
      schema: z.object({}),
      run: async ({ ctx }) => {
        const { marked } = await markMyNotificationsRead(ctx, null);
        return { toast: { title: "Marked Read", description: `${plural(marked, "notification")} marked read.`, variant: "success" } };
      },
    }),
  },
  { signedOutTo: "/dashboard" },
);

export default function NotificationsRoute() {
  const { user, unread, notifications } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <PageHeader
        title="Notifications"
        description={unread > 0 ? `${plural(unread, "unread notification")}.` : "You're all caught up."}
        actions={
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" variant="secondary" disabled={unread === 0}>
              Mark all read
            </Button>
          </Form>
        }
      />
      <Card>
        <CardContent className="pt-2">
          <NotificationList notifications={notifications} timezone={user.timezone} />
        </CardContent>
      </Card>
    </AppShell>
  );
}
