import { Form, Link, NavLink, useLocation, useRouteLoaderData } from "@remix-run/react";
import { ArrowLeft, ChevronsUpDown, LogIn, LogOut, Settings } from "lucide-react";
import type { ReactNode } from "react";
import type { Tier } from "~/domain/tiers";
import { cn } from "~/lib/utils";
import type { loader as rootLoader } from "~/root";
import { UpgradeProvider } from "./billing/upgrade-provider";
import { LiveProvider } from "./live-provider";
import { Logo } from "./logo";
import { NotificationsMenu } from "./notifications/notifications-menu";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";

const navItems = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/tasks", label: "Tasks" },
  { to: "/show", label: "Show" },
  { to: "/day", label: "My day" },
  { to: "/crew", label: "Crew" },
  { to: "/analytics", label: "Analytics" },
  { to: "/team", label: "Team" },
] as const;

export interface ShellUser {
  userId: string;
  name: string;
  /** The session's current workspace: shown in the header, followed by the live socket. */
  workspaceId: string;
  workspaceName: string;
  /** The workspace's timezone: the notifications menu shows times on its clock. */
  timezone?: string;
  role: "owner" | "member";
  /** A demo session: the shell offers "Save your work", a sign-in whose account takes the demo's tasks along. */
  demo?: boolean;
  /** The caller's own tier: the upgrade dialog knows what they can choose. */
  tier: Tier;
  /** The workspace's plan (the best of its owners'), named beside the workspace. */
  planTier: Tier;
  /** The caller's unread notifications, read with the page (the bell fetches them itself when absent). */
  unread?: number;
}

const planLabels: Record<Tier, string> = {
  free: "Free plan",
  basic: "Basic plan",
  premium: "Premium plan",
  beta: "Beta access",
};

/**
 * The signed-in frame of every workspace page: brand, main navigation, the current workspace (a link to switch),
 * who is signed in and Sign Out. On phones the navigation wraps to its own row so nothing scrolls sideways.
 */
export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  const location = useLocation();
  const signInEnabled = useRouteLoaderData<typeof rootLoader>("root")?.signInEnabled ?? true;
  return (
    // Live updates exist only in the workspace: public pages never open a socket.
    <LiveProvider workspaceId={user.workspaceId}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white print:hidden">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 px-4 sm:px-6">
            <Logo to="/dashboard" className="h-14" />
            <nav
              aria-label="Main"
              className="order-last -mx-1 flex w-full gap-0.5 overflow-x-auto sm:gap-1 md:order-none md:mx-0 md:w-auto"
            >
              {navItems.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  prefetch="intent"
                  className={({ isActive }) => cn("nav-link", isActive && "nav-link-active")}
                >
                  {item.label}
                </NavLink>
              ))}
            </nav>
            {/* On phones this wraps below the logo as a row of its own: the workspace on the left, sign-in/out on the right. */}
            <div className="ml-auto flex min-w-0 items-center gap-2 max-sm:w-full sm:gap-3">
              <NavLink
                to="/settings"
                prefetch="intent"
                title="Your settings and calendar feeds"
                className={({ isActive }) =>
                  cn(
                    "flex min-w-0 items-center rounded-md px-2 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 lg:px-0 lg:hover:bg-transparent lg:hover:underline",
                    isActive && "text-brand-700",
                  )
                }
              >
                {/* A gear where the name does not fit; on wide screens the name itself is the link (the row stays one line). */}
                <Settings className="size-4 shrink-0 lg:hidden" aria-hidden />
                <span className="sr-only">Your settings </span>
                <span className="hidden max-w-40 truncate lg:block">{user.name}</span>
              </NavLink>
              <NavLink
                to="/workspaces"
                className="flex min-w-0 items-center gap-1.5 rounded-md border border-slate-200 px-2.5 py-1.5 text-left leading-tight hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 max-sm:mr-auto"
              >
                <span className="min-w-0">
                  <span className="sr-only">Workspace: </span>
                  <span className="block max-w-28 truncate text-xs font-medium text-slate-900 sm:max-w-48">
                    {user.workspaceName}
                  </span>
                  <span className="sr-only">. Switch workspace</span>
                </span>
                <ChevronsUpDown className="size-3.5 shrink-0 text-slate-400" aria-hidden />
              </NavLink>
              <Badge variant={user.planTier === "free" ? "muted" : "default"} className="hidden sm:inline-flex">
                {planLabels[user.planTier]}
              </Badge>
              <NotificationsMenu timezone={user.timezone ?? "UTC"} unread={user.unread} />
              {user.demo && signInEnabled ? (
                <Button asChild variant="ghost" size="sm">
                  <a
                    href={`/api/login?redirect=${encodeURIComponent(location.pathname)}`}
                    title="Save your work: sign in, and this demo's tasks can come along"
                  >
                    <LogIn aria-hidden />
                    {/* Named for what it does for a demo (a sign-in that takes its tasks along), so it never reads as
                        the opposite of Sign Out beside it. Its words show on wide screens; narrower ones keep the
                        header to one row with the icon, named by its tooltip and for screen readers. */}
                    <span className="sr-only 2xl:not-sr-only">Save your work</span>
                  </a>
                </Button>
              ) : null}
              <Form method="post" action="/logout">
                <Button type="submit" variant="ghost" size="sm">
                  <LogOut aria-hidden />
                  Sign Out
                </Button>
              </Form>
            </div>
          </div>
        </header>
        <main
          id="main"
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8 print:max-w-none print:p-0"
        >
          <UpgradeProvider tier={user.tier}>{children}</UpgradeProvider>
        </main>
      </div>
    </LiveProvider>
  );
}

/** A page's title row: heading, a short line under it, and actions on the right (wrapping on phones). */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600 sm:text-base">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** The way back from a page: a button-styled link with a back arrow ("Back to Tasks"). */
export function BackLink({ to, children, primary = false }: { to: string; children: ReactNode; primary?: boolean }) {
  return (
    <Button asChild variant={primary ? "default" : "secondary"}>
      <Link to={to}>
        <ArrowLeft aria-hidden />
        {children}
      </Link>
    </Button>
  );
}
