import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppShell, PageHeader, type ShellUser } from "./app-shell";
import { Button } from "./ui/button";
import { Card, CardContent } from "./ui/card";

/** A signed-in page whose content has not been built yet: says so plainly and leads back. */
export function ComingWithWorkspace({
  user,
  title,
  children,
}: {
  user: ShellUser;
  title: string;
  children: ReactNode;
}) {
  return (
    <AppShell user={user}>
      <PageHeader title={title} />
      <Card>
        <CardContent className="grid gap-4 pt-5 sm:pt-6">
          <p className="text-slate-700">{children}</p>
          <div>
            <Button asChild variant="secondary">
              <Link to="/dashboard">Back to the dashboard</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </AppShell>
  );
}
