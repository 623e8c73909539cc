import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { ArrowRight, LoaderCircle } from "lucide-react";
import { AppShell } from "~/components/app-shell";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { z } from "zod";
import { isAppError } from "~/domain/errors";
import { safeRedirectPath } from "~/domain/redirect";
import { overLimitNote } from "~/domain/tiers";
import { plural, pluralWord } from "~/domain/labels";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { toastOf } from "~/http/errors.server";
import { intent, pageAction } from "~/http/page-action.server";
import { redirectWithToast } from "~/http/toast.server";
import { pageMeta } from "~/lib/meta";
import { withActor } from "~/services/context.server";
import { declineImport, getImportOffer, importDemoTasks } from "~/services/demo-import.server";

export const meta: MetaFunction = () => pageMeta("Bring your demo tasks");

/**
 * After an identity sign-in that ended a demo session: offers to move the demo workspace's tasks into the
 * account. Without a pending offer (or an identity session) it goes straight on to `redirect`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const next = safeRedirectPath(new URL(request.url).searchParams.get("redirect"));
  const auth = await getShellPageAuth(request, context);
  const offer = auth ? await getImportOffer(withActor(context, auth)) : null;
  if (!auth || !offer) throw redirect(next);
  return { user: await shellUser(auth), offer, next };
}

/** Both buttons post `redirect`, where the producer goes on to whatever they choose. */
const onwardSchema = z.object({ redirect: z.string().optional() });

export const action = pageAction(
  {
    import: intent({
      schema: onwardSchema,
      run: async ({ ctx, value, request }) => {
        const next = safeRedirectPath(value.redirect ?? "");
        if (!(await getImportOffer(ctx))) throw redirect(next, 303);
        let outcome;
        try {
          outcome = await importDemoTasks(ctx);
        } catch (error) {
          // A full workspace: nothing moved, the offer stays for after an upgrade.
          if (!isAppError(error)) throw error;
          throw redirectWithToast(request, next, toastOf(error));
        }
        const { moved, notMoved } = outcome;
        const imported = `${plural(moved, "task")} from your demo ${pluralWord(moved, "is", "are")} now in your workspace.`;
        throw redirectWithToast(request, next, {
          title: "Tasks Imported",
          description: `${imported}${overLimitNote(notMoved, ctx.actor.plan.tier, "imported")}`,
          variant: "success",
        });
      },
    }),
    skip: intent({
      schema: onwardSchema,
      run: async ({ ctx, value }) => {
        await declineImport(ctx);
        throw redirect(safeRedirectPath(value.redirect ?? ""), 303);
      },
    }),
  },
  { signedOutTo: "/dashboard" },
);

export default function ImportDemoRoute() {
  const { user, offer, next } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/import-demo";
  const tasks = plural(offer.taskCount, "task");
  return (
    <AppShell user={user}>
      <Card className="mx-auto max-w-xl">
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-2xl">Bring your demo tasks along?</h1>
          </CardTitle>
          <CardDescription className="text-base">
            You were using the demo workspace “{offer.workspaceName}” in this browser. It has {tasks}
            {offer.completedCount > 0 ? ` (${offer.completedCount} completed)` : ""}. Signing in ended the demo session;
            the tasks can move into your account now.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <p className="text-sm text-slate-600">
            Their categories, statuses and dependencies come too. If your workspace has no event date yet, it takes the
            demo's event and timezone, so due dates keep their meaning.
          </p>
          <Form method="post" className="flex flex-wrap gap-3">
            <input type="hidden" name="redirect" value={next} />
            <Button type="submit" name="intent" value="import" disabled={busy}>
              {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <ArrowRight aria-hidden />}
              Import {tasks}
            </Button>
            <Button type="submit" name="intent" value="skip" variant="secondary" disabled={busy}>
              Start fresh
            </Button>
          </Form>
        </CardContent>
      </Card>
    </AppShell>
  );
}
