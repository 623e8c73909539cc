import { Link } from "@remix-run/react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ActivityType } from "~/domain/activity";
import { ACTIVITIES_SHOWN } from "~/domain/crm";
import type { DemoSignupPage, UserActivityDto } from "~/services/crm.server";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { plural } from "~/domain/labels";
import { formatUtcTimestamp } from "~/domain/dates";

/** Spec §9: five skeleton rows while an admin list loads. */
const SKELETON_ROWS = 5;

/** Stored instants in UTC with a fixed locale, so the server and browser renders agree. */
function Timestamp({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatUtcTimestamp(iso)}</time>;
}

const columns = ["Name", "Email", "Source", "Marketing", "Signed Up", "Last Active"];

export function DemoSignupsTable({ data, loading }: { data: DemoSignupPage; loading: boolean }) {
  const { signups, page, totalPages, total } = data;
  const pageLink = (to: number, label: string, icon: "prev" | "next") => (
    <Button asChild variant="secondary" size="sm">
      <Link to={`/admin?page=${to}`} preventScrollReset aria-label={`${label} page`}>
        {icon === "prev" ? <ChevronLeft aria-hidden /> : null}
        {label}
        {icon === "next" ? <ChevronRight aria-hidden /> : null}
      </Link>
    </Button>
  );
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2 id="signups-title">Demo Signups</h2>
          </CardTitle>
          <CardDescription>{plural(total, "demo account")}, newest first.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {/* Scrolls sideways on phones; focusable so keyboard users can scroll it too. */}
        <div
          className="-mx-5 overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600 sm:mx-0"
          tabIndex={0}
          role="region"
          aria-label="Demo signups table"
        >
          <table className="w-full min-w-[40rem] text-left text-sm" aria-labelledby="signups-title" aria-busy={loading}>
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col" className="px-5 py-2 font-medium sm:px-3 sm:first:pl-0">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loading
                ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                    <tr key={i} data-testid="skeleton-row">
                      {columns.map((c) => (
                        <td key={c} className="px-5 py-3 sm:px-3 sm:first:pl-0">
                          <Skeleton className="h-4 w-full max-w-32" />
                        </td>
                      ))}
                    </tr>
                  ))
                : signups.map((s) => (
                    <tr key={s.id}>
                      <td className="px-5 py-3 font-medium text-slate-900 sm:px-3 sm:pl-0">{s.name}</td>
                      <td className="px-5 py-3 whitespace-nowrap text-slate-700 sm:px-3">{s.email}</td>
                      <td className="px-5 py-3 text-slate-700 sm:px-3">{s.signupSource ?? "–"}</td>
                      <td className="px-5 py-3 sm:px-3">
                        <Badge variant={s.marketingOptIn ? "success" : "muted"}>
                          {s.marketingOptIn ? "Yes" : "No"}
                        </Badge>
                      </td>
                      <td className="px-5 py-3 whitespace-nowrap text-slate-700 sm:px-3">
                        <Timestamp iso={s.createdAt} />
                      </td>
                      <td className="px-5 py-3 whitespace-nowrap text-slate-700 sm:px-3">
                        <Timestamp iso={s.lastActiveAt} />
                      </td>
                    </tr>
                  ))}
            </tbody>
          </table>
          {!loading && signups.length === 0 ? (
            <p className="px-5 py-6 text-center text-sm text-slate-500 sm:px-0">No demo signups yet.</p>
          ) : null}
        </div>
        {totalPages > 1 ? (
          <nav aria-label="Demo signups pages" className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600">
              Page {page} of {totalPages}
            </p>
            <div className="flex gap-2">
              {page > 1 ? pageLink(page - 1, "Previous", "prev") : null}
              {page < totalPages ? pageLink(page + 1, "Next", "next") : null}
            </div>
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}

const activityLabels: Record<ActivityType, string> = {
  signup_completed: "Signup completed",
  dashboard_visited: "Dashboard visited",
  task_created: "Task created",
  slack_connected: "Slack connected",
  page_visited: "Page visited",
};

/** The newest activities: the page asks for 20 and shows the first 10, as the spec has it. */
export function RecentActivities({ activities, loading }: { activities: UserActivityDto[]; loading: boolean }) {
  const shown = activities.slice(0, ACTIVITIES_SHOWN);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id="activities-title">Recent Activities</h2>
        </CardTitle>
        <CardDescription>What signed-in people did last, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100" aria-labelledby="activities-title" aria-busy={loading}>
          {loading
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <li key={i} className="grid gap-2 py-3" data-testid="skeleton-row">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-56" />
                </li>
              ))
            : shown.map((a) => (
                <li key={a.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">{activityLabels[a.activityType]}</p>
                    <p className="truncate text-xs text-slate-500">
                      {a.userName ?? "Deleted account"} · {a.page}
                    </p>
                  </div>
                  <div className="flex items-center gap-2 text-xs text-slate-500">
                    <Badge variant={a.userType === "demo" ? "muted" : "default"}>
                      {a.userType === "demo" ? "Demo" : "Account"}
                    </Badge>
                    <Timestamp iso={a.createdAt} />
                  </div>
                </li>
              ))}
        </ul>
        {!loading && shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">No activity recorded yet.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
