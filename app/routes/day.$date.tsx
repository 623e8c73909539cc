import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Printer } from "lucide-react";
import { AppShell } from "~/components/app-shell";
import { DaySheet, daySheetDayLabel } from "~/components/day-sheet/day-sheet";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { daySheetHasWork } from "~/domain/day-sheet";
import { AppError } from "~/domain/errors";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { statusOf } from "~/http/errors.server";
import { pageMeta } from "~/lib/meta";
import { useHydrated } from "~/lib/use-hydrated";
import { withActor } from "~/services/context.server";
import { getDaySheetPage } from "~/services/day-sheet.server";

/**
 * `/day/{date}` (issue 35, ADR 044): "my day", the signed-in member's day sheet: their calls, cues, open tasks due
 * that day and the key contacts. Owners open anyone's with `?person={id}`. Prints on one A4 page where it fits.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `Day sheet · ${data.sheet.person.name} · ${daySheetDayLabel(data.sheet.day)}` : "Day sheet");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) throw redirect("/dashboard");
  const personId = new URL(request.url).searchParams.get("person");
  const ctx = withActor(context, auth);
  try {
    const page = await getDaySheetPage(ctx, { day: params.date ?? "", personId: personId || null });
    return { user: await shellUser(auth), ...page };
  } catch (error) {
    if (error instanceof AppError) throw new Response(error.message, { status: statusOf(error) });
    throw error;
  }
}

const KIND_NAMES = { "load-in": "load-in", show: "show day", "load-out": "load-out" } as const;

export default function DaySheetPage() {
  const { user, sheet, own, people } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const personQuery = own ? "" : `?person=${encodeURIComponent(sheet.person.id)}`;
  return (
    <AppShell user={user}>
      <style>{"@page { size: A4 portrait; margin: 12mm; }"}</style>
      <div className="mb-6 flex flex-col gap-4 print:hidden">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <nav aria-label="Event days" className="flex flex-wrap gap-2">
            {sheet.eventDays.map((d) => (
              <Button key={d.day} asChild size="sm" variant={d.day === sheet.day ? "default" : "secondary"}>
                <Link
                  to={`/day/${d.day}${personQuery}`}
                  prefetch="intent"
                  aria-current={d.day === sheet.day ? "page" : undefined}
                >
                  {daySheetDayLabel(d.day)}
                </Link>
              </Button>
            ))}
          </nav>
          {hydrated ? (
            <Button type="button" variant="secondary" onClick={() => window.print()}>
              <Printer aria-hidden />
              Print
            </Button>
          ) : null}
        </div>
        {people.length > 0 ? (
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor="day-sheet-person">Whose day</Label>
              <NativeSelect id="day-sheet-person" name="person" defaultValue={sheet.person.id} className="min-w-56">
                {people.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button type="submit" variant="secondary">
              Show
            </Button>
          </Form>
        ) : null}
        {!sheet.eventDay ? (
          <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
            {sheet.eventDays.length ? (
              <>
                {daySheetDayLabel(sheet.day)} is not one of the event&apos;s days. The event runs on{" "}
                {sheet.eventDays.map((d, i) => (
                  <span key={d.day}>
                    {i > 0 ? (i === sheet.eventDays.length - 1 ? " and " : ", ") : ""}
                    <Link to={`/day/${d.day}${personQuery}`} className="font-medium underline">
                      {daySheetDayLabel(d.day)}
                    </Link>{" "}
                    ({KIND_NAMES[d.kind]})
                  </span>
                ))}
                .
              </>
            ) : (
              <>
                The event has no date yet, so there are no event days to show.{" "}
                {user.role === "owner" ? (
                  <Link to="/settings" className="font-medium underline">
                    Set the event date in Settings
                  </Link>
                ) : (
                  "An owner sets it in Settings."
                )}
              </>
            )}
          </div>
        ) : null}
      </div>
      {sheet.eventDay || daySheetHasWork(sheet) ? <DaySheet sheet={sheet} /> : null}
    </AppShell>
  );
}
