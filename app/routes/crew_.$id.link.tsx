import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link2, LoaderCircle } from "lucide-react";
import { z } from "zod";
import { AppShell, PageHeader } from "~/components/app-shell";
import { CopyField } from "~/components/slack/copy-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatActivityTime } from "~/domain/dates";
import { isAppError } from "~/domain/errors";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { withActor } from "~/services/context.server";
import { createCrewLink, getCrewLinkStatus, revokeCrewLink } from "~/services/crew-links.server";

/**
 * `/crew/{id}/link` (owners): one directory person's personal link (ADR 045). Create shows the URL once with Copy
 * (a new one replaces the old), Revoke ends it; the page says when it was made and last opened. Plain forms, so it
 * works without JavaScript.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data && "status" in data && data.status ? `Personal link · ${data.status.person.name}` : "Personal link");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const }, { status: 401 });
  const user = await shellUser(auth);
  try {
    const status = await getCrewLinkStatus(withActor(context, auth), { personId: params.id! });
    return data({ signedIn: true as const, user, status, refusal: null, timezone: auth.workspace.timezone });
  } catch (error) {
    if (isAppError(error, "not_found", "forbidden")) {
      const status = error.code === "forbidden" ? 403 : 404;
      return data({ signedIn: true as const, user, status: null, refusal: error.message, timezone: "UTC" }, { status });
    }
    throw error;
  }
}

const nothing = z.object({});

export const action = (args: LoaderFunctionArgs) => {
  const personId = args.params.id!;
  return pageAction({
    "link-create": intent({
      schema: nothing,
      title: "Link Not Created",
      run: async ({ ctx, request }) => {
        const created = await createCrewLink(ctx, { personId, origin: new URL(request.url).origin });
        return { data: { url: created.url, id: created.id } };
      },
    }),
    "link-revoke": intent({
      schema: nothing,
      title: "Link Not Revoked",
      run: async ({ ctx }) => {
        await revokeCrewLink(ctx, { personId });
        return {
          toast: { title: "Link Revoked", description: "The personal link no longer works.", variant: "success" },
        };
      },
    }),
  })(args);
};

export default function CrewLinkPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  if (!loaded.signedIn) {
    return (
      <main className="mx-auto max-w-xl px-6 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Sign in to manage personal links</h1>
        <p className="mt-3">
          <Link className="text-brand-700 underline" to="/">
            Go to Cueboard
          </Link>
        </p>
      </main>
    );
  }
  const { user, status, refusal, timezone } = loaded;
  const created = actionData?.intent === "link-create" && actionData.ok ? actionData.data : undefined;
  const busy = navigation.state === "submitting";
  return (
    <AppShell user={user}>
      <PageHeader
        title={status ? `Personal link for ${status.person.name}` : "Personal link"}
        description={
          <Link to="/crew" className="text-brand-700 underline">
            Back to the crew directory
          </Link>
        }
      />
      {!status ? (
        <p role="alert" className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          {refusal}
        </p>
      ) : (
        <Card role="region" aria-labelledby="personal-link-title" className="max-w-2xl">
          <CardHeader>
            <CardTitle asChild className="text-base">
              <h2 id="personal-link-title" className="flex items-center gap-2">
                <Link2 className="size-5 text-brand-600" aria-hidden />
                {status.person.name}&apos;s day sheet, on their phone
              </h2>
            </CardTitle>
            <CardDescription>
              A link to {status.person.name}&apos;s own calls, cues and the key contacts, following the show live. No
              account needed; it can be installed as an app and keeps working when the venue&apos;s network drops. It
              shows only their own phone and email. It stops working when you revoke it, when you make a new one, when
              they leave the directory, or when the person who made it leaves the team.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            {created ? (
              <div role="status" className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
                <p className="text-sm font-semibold text-emerald-900">Personal link created</p>
                <CopyField id="new-crew-link-url" label="Personal link" value={created.url} what="Link" />
                <p className="text-xs text-emerald-900">
                  Shown only once: Cueboard keeps only a fingerprint of it. Send it to {status.person.name} only.
                </p>
              </div>
            ) : null}
            {status.link ? (
              <div className="grid gap-1 text-sm text-slate-700" data-testid="active-link">
                <p>
                  Active since {formatActivityTime(status.link.createdAt, timezone)}
                  {status.link.createdByName ? `, made by ${status.link.createdByName}` : ""}.
                </p>
                <p>
                  {status.link.lastUsedAt
                    ? `Last opened ${formatActivityTime(status.link.lastUsedAt, timezone)}.`
                    : "Not opened yet."}
                </p>
              </div>
            ) : (
              <p className="text-sm text-slate-700">{status.person.name} has no personal link.</p>
            )}
            <div className="flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="link-create" />
                <Button type="submit" disabled={busy}>
                  {busy && navigation.formData?.get("intent") === "link-create" ? (
                    <LoaderCircle className="animate-spin" aria-hidden />
                  ) : (
                    <Link2 aria-hidden />
                  )}
                  {status.link ? "Replace with a new link" : "Create personal link"}
                </Button>
              </Form>
              {status.link ? (
                // Asks first: a native disclosure, so it works without JavaScript.
                <details className="group">
                  <summary className="inline-flex h-10 cursor-pointer list-none items-center rounded-md px-4 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
                    Revoke link
                  </summary>
                  <Form method="post" className="mt-2 grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3">
                    <input type="hidden" name="intent" value="link-revoke" />
                    <p className="text-sm text-red-900">
                      {status.person.name}&apos;s link stops working at once, also on their phone.
                    </p>
                    <Button type="submit" variant="destructive" disabled={busy} className="justify-self-start">
                      Yes, revoke the link
                    </Button>
                  </Form>
                </details>
              ) : null}
            </div>
          </CardContent>
        </Card>
      )}
    </AppShell>
  );
}
