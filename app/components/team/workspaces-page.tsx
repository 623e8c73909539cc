import { Form, Link, useNavigation } from "@remix-run/react";
import { ArrowRightLeft, Users } from "lucide-react";
import { useEffect } from "react";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { StatusBanner } from "~/components/status-banner";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { ToastMessage } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import type { WorkspaceSummary } from "~/services/teams.server";

export function WorkspacesPage({
  user,
  workspaces,
  flash,
}: {
  user: ShellUser;
  workspaces: WorkspaceSummary[];
  flash: ToastMessage | null;
}) {
  const toast = useToast();
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash, toast]);

  return (
    <AppShell user={user}>
      <PageHeader
        title="Workspaces"
        description="Each event or production is a workspace with its own team and tasks. Switch to work in another."
      />
      {flash && !hydrated ? <StatusBanner message={flash} /> : null}
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
