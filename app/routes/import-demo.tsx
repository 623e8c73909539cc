import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { toastOf } from "~/http/errors.server";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { ArrowRight, LoaderCircle } from "lucide-react";
import { AppShell } from "~/components/app-shell";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { AppError } from "~/domain/errors";
import { safeRedirectPath } from "~/domain/redirect";
import { overLimitNote } from "~/domain/tiers";
import { redirectWithFlash } from "~/http/toast.server";
import { pageMeta } from "~/lib/meta";
import { getPageAuth, requirePageActionAuth, shellUser } from "~/http/auth.server";
import { declineImport, getImportOffer, importDemoTasks } from "~/services/demo-import.server";
import { plural, pluralWord } from "~/domain/labels";

export const meta: MetaFunction = () => pageMeta("Bring your demo tasks");

/**
 * After an identity sign-in that ended a demo session: offers to move the demo workspace's tasks into the
 * account. Without a pending offer (or an identity session) it goes straight on to `redirect`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const next = safeRedirectPath(new URL(request.url).searchParams.get("redirect"));
  const auth = await getPageAuth(request, context);
  const offer = auth ? await getImportOffer(context.db, auth) : null;
  if (!auth || !offer) throw redirect(next);
  return { user: shellUser(auth), offer, next };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requirePageActionAuth(request, context, "/dashboard");
  const form = await request.formData();
  const next = safeRedirectPath(String(form.get("redirect") ?? ""));
  if (form.get("intent") === "skip") {
    await declineImport(context.db, auth);
    return redirect(next, 303);
  }
  if (form.get("intent") !== "import") throw new Response("Unknown form", { status: 400 });
  const offer = await getImportOffer(context.db, auth);
  if (!offer) return redirect(next, 303);
  let outcome;
  try {
    outcome = await importDemoTasks(context.db, auth);
  } catch (error) {
    // A full workspace: nothing moved, the offer stays for after an upgrade.
    if (!(error instanceof AppError)) throw error;
    return redirectWithFlash(request, next, toastOf(error));
  }
  const { moved, notMoved } = outcome;
  const imported =
    `${plural(moved, "task")} from your demo ${pluralWord(moved, "is", "are")} now in your workspace.`;
  return redirectWithFlash(request, next, {
    title: "Tasks Imported",
    description: `${imported}${overLimitNote(notMoved, auth.plan.tier, "imported")}`,
    variant: "success",
  });
}

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
