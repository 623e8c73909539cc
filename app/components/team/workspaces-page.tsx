import { Form, Link, useNavigation } from "@remix-run/react";
import { ArrowRightLeft, Users } from "lucide-react";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { FlashBanner } from "~/components/flash";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { ToastMessage } from "~/lib/toast";
import { useOnChange } from "~/lib/use-on-change";
import type { WorkspaceSummary } from "~/services/teams.server";

export function WorkspacesPage({
  user,
  workspaces,
  refusal,
}: {
  user: ShellUser;
  workspaces: WorkspaceSummary[];
  /** Why a switch did not happen (with JavaScript; without it the refusal comes back as the flash). */
  refusal?: ToastMessage;
}) {
  const toast = useToast();
  const busy = useNavigation().state === "submitting";
  useOnChange(refusal, toast);

  return (
    <AppShell user={user}>
      <PageHeader
        title="Workspaces"
        description="Each event or production is a workspace with its own team and tasks. Switch to work in another."
      />
      <FlashBanner />
      <ul className="grid gap-3 md:grid-cols-2">
        {workspaces.map((workspace) => (
          <li
            key={workspace.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            aria-current={workspace.current ? "true" : undefined}
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                <span className="break-words">{workspace.name}</span>
                {workspace.current ? <Badge variant="success">Current</Badge> : null}
              </p>
              <p className="mt-0.5 text-sm text-slate-600">
                {workspace.eventName ? `${workspace.eventName} · ` : ""}
                {workspace.role === "owner" ? "Owner" : "Member"}
              </p>
            </div>
            {workspace.current ? (
              <Button asChild variant="secondary" size="sm">
                <Link to="/team">
                  <Users aria-hidden />
                  Team
                </Link>
              </Button>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="switch" />
                <input type="hidden" name="workspaceId" value={workspace.id} />
                <Button type="submit" size="sm" disabled={busy}>
                  <ArrowRightLeft aria-hidden />
                  Switch<span className="sr-only"> to {workspace.name}</span>
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </AppShell>
  );
}
