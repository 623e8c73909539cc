import { Form, Link, useNavigation } from "@remix-run/react";
import { Link2, UserRoundCheck, UserRoundSearch } from "lucide-react";
import { useId } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { plural } from "~/domain/labels";
import type { OutsideName } from "~/services/assignees.server";
import type { MemberDto } from "~/services/teams.server";

/**
 * Outside names on /team: the open tasks typed for names that may be the viewer's, to take with 'They're mine',
 * and an owner's list of outside names to link to a member. Plain posts (intent `link-outside`), so both work
 * without JavaScript.
 */

function OpenTasksBadge({ count }: { count: number }) {
  return <Badge variant="muted">{plural(count, "open task")}</Badge>;
}

/** "Tasks typed for you": each outside name that may be the viewer's, with its open tasks and 'They're mine'. */
export function TasksTypedForYouCard({ names, meId }: { names: OutsideName[]; meId: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Card role="region" aria-labelledby="typed-for-you-title" className="border-brand-100 bg-brand-50/40">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="typed-for-you-title" className="flex items-center gap-2">
            <UserRoundSearch className="size-5 text-brand-600" aria-hidden />
            Tasks typed for you
          </h2>
        </CardTitle>
        <CardDescription>
          These open tasks name someone outside the team who may be you. Take the ones that are yours; they then show in{" "}
          <Link to="/tasks?mine=1" className="font-medium text-brand-700 underline underline-offset-2">
            My tasks
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {names.map((n) => (
            <li key={n.name} className="flex flex-wrap items-center justify-between gap-2 py-2.5 first:pt-0 last:pb-0">
              <p className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="font-medium break-words text-slate-900">“{n.name}”</span>
                <OpenTasksBadge count={n.openTasks} />
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="link-outside" />
                <input type="hidden" name="name" value={n.name} />
                <input type="hidden" name="userId" value={meId} />
                <Button type="submit" size="sm" disabled={busy}>
                  <UserRoundCheck aria-hidden />
                  They're mine
                  <span className="sr-only"> – the tasks typed for {n.name}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** An owner's view of the outside names most used on open tasks, each linkable to a member. */
export function OutsideNamesCard({ names, members }: { names: OutsideName[]; members: MemberDto[] }) {
  return (
    <Card role="region" aria-labelledby="outside-names-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="outside-names-title">Outside names on open tasks</h2>
        </CardTitle>
        <CardDescription>
          Names typed as owners of open tasks that match nobody on the team. If one of them is a member, link their
          tasks to them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {names.map((n) => (
            <OutsideNameRow key={n.name} name={n} members={members} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function OutsideNameRow({ name, members }: { name: OutsideName; members: MemberDto[] }) {
  const busy = useNavigation().state === "submitting";
  const selectId = useId();
  return (
    <li className="grid gap-2 py-2.5 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <p className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="font-medium break-words text-slate-900">“{name.name}”</span>
        <OpenTasksBadge count={name.openTasks} />
      </p>
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="link-outside" />
        <input type="hidden" name="name" value={name.name} />
        <Label htmlFor={selectId} className="sr-only">
          Member for the tasks typed for {name.name}
        </Label>
        <NativeSelect id={selectId} name="userId" defaultValue="" required className="h-9 w-auto">
          <option value="" disabled>
            Choose a member
          </option>
          {members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          <Link2 aria-hidden />
          Link<span className="sr-only"> the tasks typed for {name.name}</span>
        </Button>
      </Form>
    </li>
  );
}
