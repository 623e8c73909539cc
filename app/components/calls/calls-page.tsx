import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useActionData } from "@remix-run/react";
import { ListChecks, Pencil, Trash2, TriangleAlert } from "lucide-react";
import type { z } from "zod";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { FieldError, FormError } from "~/components/field-error";
import { FlashBanner } from "~/components/flash";
import { DepartmentOptions } from "~/components/show/cue-form";
import { EVENT_DAY_KIND_LABELS, EventDayTabs, eventDayLabel } from "~/components/show/event-day-tabs";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { callCreateSchema, callEditFormSchema, callTimesLabel, type CrewWarning } from "~/domain/crew-calls";
import { plural } from "~/domain/labels";
import type { EventDay } from "~/domain/show";
import { NO_STAGE_LABEL, type Stage } from "~/domain/stages";
import { cn } from "~/lib/utils";
import type { CallsAction } from "~/routes/calls";
import type { CallDto } from "~/services/crew-calls.server";

type CallsActionData = ReturnType<typeof useActionData<CallsAction>>;

interface CueBeside {
  id: string;
  title: string;
  time: string;
  department: string | null;
  owner: string | null;
}

export interface CallsPageProps {
  user: ShellUser;
  day: string;
  days: EventDay[];
  timezone: string;
  calls: CallDto[];
  warnings: CrewWarning[];
  cues: CueBeside[];
  people: Array<{ id: string; name: string; department: string | null }>;
  stages: Stage[];
  rules: { dayLimitHours: number; restHours: number };
  badDay: boolean;
  editId: string | null;
  actionData: CallsActionData | undefined;
}

const pageUrl = (day: string, params: Record<string, string> = {}) =>
  `/calls?${new URLSearchParams({ day, ...params })}`;
const whoOf = (call: CallDto) => call.personName ?? call.department ?? "";
const whereOf = (call: CallDto) => [call.location, call.stageName].filter(Boolean).join(" · ");

export function CallsPage(props: CallsPageProps) {
  const { user, day, days, calls, warnings, cues } = props;
  const kind = days.find((d) => d.day === day)?.kind;
  return (
    <AppShell user={user}>
      <PageHeader
        title="Crew calls"
        description={
          <>
            {eventDayLabel(day)}
            {kind ? ` · ${EVENT_DAY_KIND_LABELS[kind]}` : ""} · {plural(calls.length, "call")} · times on the venue
            clock ({props.timezone})
          </>
        }
        actions={
          <Button asChild variant="secondary">
            <Link to={`/show?${new URLSearchParams({ day })}`}>
              <ListChecks aria-hidden />
              Run of show
            </Link>
          </Button>
        }
      />
      <FlashBanner />
      <DayTabs days={days} day={day} badDay={props.badDay} />
      <Warnings warnings={warnings} rules={props.rules} hasCalls={calls.length > 0} />

      <div className="mb-6 grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 gap-6">
          {calls.length ? (
            <Timeline
              calls={calls}
              cues={cues}
              clashing={new Set(warnings.filter((w) => w.kind === "double-call").flatMap((w) => w.callIds))}
            />
          ) : null}
          <CallList {...props} />
        </div>
        <DayCues cues={cues} day={day} />
      </div>

      <Card className="max-w-3xl">
        <CardHeader>
          <CardTitle className="text-base">Add a call</CardTitle>
        </CardHeader>
        <CardContent>
          <CallForm key={day} {...props} />
        </CardContent>
      </Card>
    </AppShell>
  );
}

function DayTabs({ days, day, badDay }: { days: EventDay[]; day: string; badDay: boolean }) {
  return (
    <EventDayTabs
      label="Event days"
      days={days}
      current={day}
      hrefOf={pageUrl}
      badDay={badDay}
      withoutDays="to plan calls for its days"
    />
  );
}

function Warnings({
  warnings,
  rules,
  hasCalls,
}: {
  warnings: CrewWarning[];
  rules: CallsPageProps["rules"];
  hasCalls: boolean;
}) {
  const limits = `Longest day ${rules.dayLimitHours} h, shortest rest ${rules.restHours} h (Settings).`;
  if (!warnings.length) {
    return hasCalls ? <p className="mb-4 text-sm text-slate-600">No clashes on this day. {limits}</p> : null;
  }
  return (
    <section
      aria-label="Warnings"
      className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <h2 className="mb-2 flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4" aria-hidden />
        {plural(warnings.length, "warning")}
      </h2>
      <ul className="grid list-disc gap-1 pl-5" data-testid="call-warnings">
        {warnings.map((w, i) => (
          <li key={`${w.kind}-${i}`}>{w.message}</li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-amber-800">{limits}</p>
    </section>
  );
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The day as a timeline: a row per person called and per department called, hours across. Wide screens only: a
 * phone reads the list below, which says the same.
 */
function Timeline({
  calls,
  cues,
  clashing,
}: {
  calls: CallDto[];
  cues: CueBeside[];
  /** The calls a double-call warning names: drawn in red. */
  clashing: ReadonlySet<string>;
}) {
  const rows = new Map<string, { label: string; calls: CallDto[] }>();
  for (const call of calls) {
    const key = call.personId ?? `dept:${(call.department ?? "").toLowerCase()}`;
    const row = rows.get(key) ?? { label: whoOf(call), calls: [] };
    row.calls.push(call);
    rows.set(key, row);
  }
  // Cues after midnight (planned past the day's end) stay off the scale.
  const cueTimes = cues.map((c) => minutesOf(c.time)).filter((m) => m >= minutesOf(calls[0].start));
  const starts = calls.map((c) => minutesOf(c.start));
  const ends = [
    ...calls.map((c) => (c.end ? minutesOf(c.end) : minutesOf(c.start) + 30)),
    ...cueTimes.map((m) => m + 30),
  ];
  const first = Math.floor(Math.min(...starts) / 60);
  const last = Math.min(24, Math.max(first + 4, Math.ceil(Math.max(...ends) / 60)));
  const span = (last - first) * 60;
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const at = (minutes: number) => `${((minutes - first * 60) / span) * 100}%`;
  return (
    <Card className="max-sm:hidden">
      <CardHeader>
        <CardTitle className="text-base">Timeline</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="grid grid-cols-[9rem_minmax(0,1fr)] gap-y-2 text-sm" data-testid="call-timeline">
          <div />
          <div className="relative h-5 text-xs text-slate-500" aria-hidden>
            {hours.map((h) => (
              <span key={h} className="absolute -translate-x-1/2 tabular-nums" style={{ left: at(h * 60) }}>
                {String(h).padStart(2, "0")}
              </span>
            ))}
          </div>
          {[...rows.entries()].map(([key, row]) => (
            <TimelineRow key={key} label={row.label} calls={row.calls} at={at} span={span} clashing={clashing} />
          ))}
          {cueTimes.length ? (
            <>
              <div className="pr-2 text-slate-500">Cues</div>
              <div className="relative h-6">
                {cues
                  .filter((c) => minutesOf(c.time) >= first * 60)
                  .map((cue) => (
                    <span
                      key={cue.id}
                      title={`${cue.time} ${cue.title}`}
                      className="absolute top-1 size-3 -translate-x-1/2 rotate-45 rounded-sm bg-amber-500"
                      style={{ left: at(minutesOf(cue.time)) }}
                    >
                      <span className="sr-only">{`${cue.time} ${cue.title}`}</span>
                    </span>
                  ))}
              </div>
            </>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function TimelineRow({
  label,
  calls,
  at,
  span,
  clashing,
}: {
  label: string;
  calls: CallDto[];
  at: (minutes: number) => string;
  span: number;
  clashing: ReadonlySet<string>;
}) {
  return (
    <>
      <div className="truncate pr-2 font-medium text-slate-800 capitalize">{label}</div>
      <div className="relative h-8 rounded bg-slate-50">
        {calls.map((call) => {
          const start = minutesOf(call.start);
          const length = call.end ? minutesOf(call.end) - start : 30;
          return (
            <div
              key={call.id}
              title={`${label}: ${callTimesLabel(call)}${whereOf(call) ? ` · ${whereOf(call)}` : ""}`}
              className={cn(
                "absolute inset-y-1 truncate rounded border px-1.5 text-xs leading-5 whitespace-nowrap",
                call.end
                  ? "border-brand-500 bg-brand-100 text-slate-900"
                  : "border-dashed border-slate-300 bg-white text-slate-700",
                clashing.has(call.id) && "border-red-500 bg-red-50 text-red-900",
              )}
              // An open call is a short chip wide enough for its time.
              style={{ left: at(start), width: `${(length / span) * 100}%`, minWidth: "3.75rem" }}
            >
              {callTimesLabel(call)}
            </div>
          );
        })}
      </div>
    </>
  );
}

function CallList(props: CallsPageProps) {
  const { calls, day, editId } = props;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Calls</CardTitle>
      </CardHeader>
      <CardContent>
        {calls.length === 0 ? (
          <p className="text-sm text-slate-600">No calls on this day yet. Add the first one below.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="call-list">
            {calls.map((call) => (
              <li key={call.id} className="py-2" data-call-id={call.id}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0 flex-1 text-sm">
                    <span className="font-medium text-slate-900 tabular-nums">{callTimesLabel(call)}</span>{" "}
                    <span className="text-slate-900 capitalize">{whoOf(call)}</span>
                    {call.personId ? null : <span className="text-slate-500"> (department)</span>}
                    {whereOf(call) ? <span className="text-slate-600"> · {whereOf(call)}</span> : null}
                    {call.notes ? <p className="whitespace-pre-line text-slate-600">{call.notes}</p> : null}
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button asChild variant="ghost" size="icon">
                      <Link
                        to={pageUrl(day, { edit: call.id })}
                        aria-label={`Edit ${whoOf(call)}'s call at ${call.start}`}
                      >
                        <Pencil aria-hidden />
                      </Link>
                    </Button>
                    <Form method="post">
                      <input type="hidden" name="callId" value={call.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="delete"
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${whoOf(call)}'s call at ${call.start}`}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </Form>
                  </div>
                </div>
                {editId === call.id ? (
                  <div className="mt-3 rounded-lg bg-slate-50 p-4">
                    <h2 className="mb-3 text-sm font-semibold">Edit the call</h2>
                    <CallForm {...props} call={call} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DayCues({ cues, day }: { cues: CueBeside[]; day: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Run of show</CardTitle>
      </CardHeader>
      <CardContent>
        {cues.length === 0 ? (
          <p className="text-sm text-slate-600">
            No cues on this day.{" "}
            <Link to={`/show?${new URLSearchParams({ day })}`} className="underline">
              Plan them on the run of show
            </Link>
            .
          </p>
        ) : (
          <ol className="grid gap-1.5 text-sm" data-testid="day-cues">
            {cues.map((cue) => (
              <li key={cue.id} className="flex gap-3">
                <span className="w-12 shrink-0 font-medium tabular-nums">{cue.time}</span>
                <span className="min-w-0">
                  <span className="text-slate-900">{cue.title}</span>
                  {cue.department || cue.owner ? (
                    <span className="block text-xs text-slate-600 capitalize">
                      {[cue.department, cue.owner].filter(Boolean).join(" · ")}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** The add form, or with `call` that call's edit form; the same fields, posted to this page. */
function CallForm({
  day,
  people,
  stages,
  actionData,
  call,
}: Pick<CallsPageProps, "day" | "people" | "stages" | "actionData"> & { call?: CallDto }) {
  const editing = Boolean(call);
  const schema: z.ZodTypeAny = editing ? callEditFormSchema : callCreateSchema;
  const reply = actionData?.intent === (editing ? "edit" : "add") ? actionData : undefined;
  const [form, fields] = useForm({
    id: editing ? `edit-call-${call!.id}` : `add-call-${day}`,
    lastResult: reply?.result,
    defaultValue: {
      day: call?.day ?? day,
      personId: call?.personId ?? "",
      department: call?.department ?? "",
      start: call?.start ?? "",
      end: call?.end ?? "",
      location: call?.location ?? "",
      stageId: call?.stageId ?? "",
      notes: call?.notes ?? "",
    },
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const prefix = editing ? `edit-${call!.id}` : "add";
  const departments = [...new Set(people.map((p) => p.department ?? "").filter(Boolean))];
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      {call ? <input type="hidden" name="callId" value={call.id} /> : null}
      <input type="hidden" name="day" value={call?.day ?? day} />
      <div className="sm:col-span-2">
        <FormError id={form.errorId} errors={form.errors} />
        <FieldError id={fields.day.errorId} errors={fields.day.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.personId.id}>Person</Label>
        <NativeSelect {...getSelectProps(fields.personId)} key={fields.personId.key}>
          <option value="">A whole department…</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.department ? ` (${p.department})` : ""}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={fields.personId.errorId} errors={fields.personId.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.department.id}>
          Or department <span className="font-normal text-slate-500">(when no person is chosen)</span>
        </Label>
        <Input
          {...getInputProps(fields.department, { type: "text" })}
          key={fields.department.key}
          list={`${prefix}-departments`}
          autoComplete="off"
          placeholder="audio"
        />
        <DepartmentOptions id={`${prefix}-departments`} categories={departments} />
        <FieldError id={fields.department.errorId} errors={fields.department.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.start.id}>Call time</Label>
        <Input {...getInputProps(fields.start, { type: "time" })} key={fields.start.key} />
        <FieldError id={fields.start.errorId} errors={fields.start.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.end.id}>
          End <span className="font-normal text-slate-500">(optional)</span>
        </Label>
        <Input {...getInputProps(fields.end, { type: "time" })} key={fields.end.key} />
        <FieldError id={fields.end.errorId} errors={fields.end.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.location.id}>
          Location <span className="font-normal text-slate-500">(optional)</span>
        </Label>
        <Input
          {...getInputProps(fields.location, { type: "text" })}
          key={fields.location.key}
          placeholder="Stage door"
        />
        <FieldError id={fields.location.errorId} errors={fields.location.errors} />
      </div>
      {stages.length ? (
        <div className="grid gap-1.5">
          <Label htmlFor={fields.stageId.id}>Stage</Label>
          <NativeSelect {...getSelectProps(fields.stageId)} key={fields.stageId.key}>
            <option value="">{NO_STAGE_LABEL}</option>
            {stages.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={fields.stageId.errorId} errors={fields.stageId.errors} />
        </div>
      ) : null}
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={fields.notes.id}>
          Notes <span className="font-normal text-slate-500">(optional)</span>
        </Label>
        <Textarea {...getTextareaProps(fields.notes)} key={fields.notes.key} rows={2} />
        <FieldError id={fields.notes.errorId} errors={fields.notes.errors} />
      </div>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" name="intent" value={editing ? "edit" : "add"}>
          {editing ? "Save call" : "Add call"}
        </Button>
        {editing ? (
          <Button asChild variant="secondary">
            <Link to={pageUrl(day)}>Cancel</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
