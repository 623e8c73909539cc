import { Form, Link, useActionData } from "@remix-run/react";
import { ArrowDown, ArrowUp, Clock, Download, Pencil, Printer, Radio, Trash2, Upload } from "lucide-react";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { FormError } from "~/components/field-error";
import { FlashBanner } from "~/components/flash";
import { useRevalidateOnShowChange } from "~/components/live-provider";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { AssignableMember } from "~/domain/assignees";
import { plural } from "~/domain/labels";
import {
  DEPARTMENTS,
  departmentTotals,
  describeDuration,
  DURATION_HINT,
  venueClock,
  type EventDay,
  type PlannedCue,
  type ShowConflict,
  type ShowDay,
} from "~/domain/show";
import type { ReactNode } from "react";
import { NO_STAGE_LABEL, stageLabel, stageParam, type Stage } from "~/domain/stages";
import { NativeSelect } from "~/components/ui/native-select";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { ShowAction } from "~/routes/show";
import { AddCueForm, EditCueForm } from "./cue-form";
import { EVENT_DAY_KIND_LABELS, EventDayTabs, eventDayLabel } from "./event-day-tabs";
import { ReorderHandle, ReorderStatus, useCueReorder, type CueReorder } from "./cue-reorder";
import { ShareLinksCard, type ShareListItem } from "./share-links-card";
import { ShowLiveSlot } from "./show-live-slot";

export type ShowActionData = ReturnType<typeof useActionData<ShowAction>>;

export interface ShowPageProps {
  user: ShellUser;
  day: string;
  /** The venue's today (the sheet may show another day). */
  today: string;
  days: EventDay[];
  /** The workspace's stages (ADR 037), and `?stage=` as the page's links keep it (null without stages). */
  stages: Stage[];
  stage: string | null;
  /** The sheets shown: one, or every stage's side by side. */
  sheets: ShowDay[];
  linkedTasks: Record<string, { id: string; title: string; completed: boolean }>;
  contacts: Record<string, string | null>;
  /** Each cue's caller's call ("Call 13:00 · Stage door"; null: no call before the cue), issue 35. */
  cueCalls: Record<string, string | null>;
  members: AssignableMember[];
  categories: string[];
  matches: ReadonlyArray<{ id: string; title: string }>;
  badDay: boolean;
  editId: string | null;
  /** The cue whose row asks to confirm its deletion. */
  deleteId: string | null;
  paper: "a4" | "letter";
  eventName: string | null;
  shares: ShareListItem[];
  actionData: ShowActionData | undefined;
}

/** The sheet's columns a phone folds under each cue's title. */
const PHONE_HIDDEN_COLUMNS = new Set(["Dept", "Owner"]);

/** "18:00", or "00:30 (+1)" past midnight. */
function clock(instant: string, showDay: ShowDay) {
  const { time, dayOffset } = venueClock(instant, showDay.timezone, showDay.day);
  return dayOffset === 0 ? time : `${time} (${dayOffset > 0 ? "+" : ""}${dayOffset})`;
}

function conflictText(conflict: ShowConflict, cues: readonly PlannedCue[]) {
  const title = (id: string) => cues.find((c) => c.id === id)?.title ?? "the next cue";
  const amount = describeDuration(conflict.seconds);
  return conflict.kind === "gap"
    ? `Gap: ${amount} before “${title(conflict.cueId)}”`
    : `Overlap: “${title(conflict.cueId)}” starts ${amount} before “${title(conflict.previousCueId)}” ends`;
}

/** A link to this page for the same day and stages, with `params`. */
function pageUrl({ day, stage }: Pick<ShowPageProps, "day" | "stage">, params: Record<string, string> = {}) {
  return `/show?${new URLSearchParams({ day, ...(stage ? { stage } : {}), ...params })}`;
}

export function ShowPage(props: ShowPageProps) {
  const { user, day, days, sheets, stages, paper, eventName } = props;
  useRevalidateOnShowChange(day);
  const hydrated = useHydrated();
  const kind = days.find((d) => d.day === day)?.kind;
  const allCues = sheets.flatMap((sheet) => sheet.cues);
  const ends = sheets.filter((sheet) => sheet.plannedEnd);
  const last = ends.reduce<ShowDay | null>((a, b) => (!a || b.plannedEnd! > a.plannedEnd! ? b : a), null);
  const end = last?.plannedEnd ? clock(last.plannedEnd, last) : null;
  const totals = departmentTotals(allCues);
  const here = (params: Record<string, string>) => pageUrl(props, params);
  // Show mode runs per stage: the sheet shown, or the first stage's when they are side by side.
  const liveStageId = sheets.length === 1 ? sheets[0].stageId : (stages[0]?.id ?? null);
  const liveUrl = `/show/live?${new URLSearchParams({ day, ...(stages.length ? { stage: stageParam(liveStageId) } : {}) })}`;
  const timezone = sheets[0]?.timezone ?? "UTC";

  return (
    <AppShell user={user}>
      {/* A4 unless the producer asked for Letter; margins that suit both. */}
      <style>{`@page { size: ${paper === "letter" ? "letter" : "A4"} portrait; margin: 12mm; }`}</style>
      <div className="print:hidden">
        <PageHeader
          title="Run of show"
          description={
            <>
              {eventDayLabel(day)}
              {kind ? ` · ${EVENT_DAY_KIND_LABELS[kind]}` : ""}
              {end ? ` · planned end ${end}` : ""}
            </>
          }
          actions={
            <>
              <Button asChild>
                <Link to={liveUrl}>
                  <Radio aria-hidden />
                  Show mode
                </Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to={`/calls?${new URLSearchParams({ day })}`}>
                  <Clock aria-hidden />
                  Crew calls
                </Link>
              </Button>
              <Button asChild variant="secondary">
                <a
                  href={`/api/show/cues.csv?${new URLSearchParams({ day, ...(props.stage && props.stage !== "all" ? { stage: props.stage } : {}) })}`}
                  download
                >
                  <Download aria-hidden />
                  Export CSV
                </a>
              </Button>
              {hydrated ? (
                <Button type="button" variant="secondary" onClick={() => window.print()}>
                  <Printer aria-hidden />
                  Print ({paper === "letter" ? "Letter" : "A4"})
                </Button>
              ) : null}
              <Button asChild variant="secondary">
                {/* The day sheet (ADR 044): this day's calls, cues and tasks of one person. */}
                <Link to={`/day/${day}`} prefetch="intent">
                  My day sheet
                </Link>
              </Button>
              <Button asChild variant="ghost">
                <Link to={here({ paper: paper === "letter" ? "a4" : "letter" })} replace>
                  Use {paper === "letter" ? "A4" : "Letter"} paper
                </Link>
              </Button>
            </>
          }
        />
        <FlashBanner />
        <ShowLiveSlot />
        <DayPicker days={days} day={day} stage={props.stage} badDay={props.badDay} />
        {stages.length ? <StagePicker day={day} stage={props.stage} stages={stages} /> : null}
      </div>

      {/* The printed sheet's heading: what and when, without the app around it. */}
      <div className="mb-4 hidden print:block">
        <h1 className="text-xl font-bold">{eventName ?? user.workspaceName} · Run of show</h1>
        <p className="text-sm">
          {eventDayLabel(day)}
          {kind ? ` · ${EVENT_DAY_KIND_LABELS[kind]}` : ""} · times on the venue clock ({timezone})
          {end ? ` · planned end ${end}` : ""}
        </p>
      </div>

      <div className={cn("mb-6", sheets.length > 1 && "grid items-start gap-6 lg:grid-cols-2")}>
        {sheets.map((sheet) => (
          <CueSheet key={sheet.stageId ?? "none"} sheet={sheet} props={props} />
        ))}
      </div>

      {totals.length > 0 ? (
        <Card className="mb-6 break-inside-avoid print:border-0 print:shadow-none">
          <CardHeader>
            <CardTitle className="text-base">Time by department</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
              {totals.map((t) => (
                <div key={t.department ?? ""} className="flex justify-between gap-2 border-b border-slate-100 py-1">
                  <dt className={t.department ? "capitalize" : undefined}>{t.department ?? "No department"}</dt>
                  <dd className="font-medium tabular-nums">{describeDuration(t.seconds)}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2 print:hidden">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Add a cue</CardTitle>
          </CardHeader>
          <CardContent>
            <AddCueForm
              key={`${day}-${liveStageId ?? ""}`}
              day={day}
              stageId={liveStageId}
              stages={stages}
              members={props.members}
              meId={user.userId}
              categories={props.categories}
              actionData={props.actionData}
            />
          </CardContent>
        </Card>
        <ImportCard day={day} stageId={liveStageId} stages={stages} actionData={props.actionData} />
        <ShareLinksCard
          shares={props.shares}
          created={
            props.actionData?.intent === "share-create" && props.actionData.ok
              ? props.actionData.data?.share
              : undefined
          }
          departments={shareDepartments(props)}
          stages={stages}
        />
      </div>
    </AppShell>
  );
}

/** A cue's caller's call, or a nudge to add one (linking to the day's calls). */
function CueCallLine({ call }: { call: string | null }) {
  return call ? (
    <span className="text-slate-600" data-testid="cue-call">
      {call}
    </span>
  ) : (
    <span className="text-amber-800" data-testid="cue-call">
      No call before this cue
    </span>
  );
}

/** The departments a share link may pick: the defaults, the workspace's categories and those on the sheet. */
function shareDepartments({ categories, sheets }: ShowPageProps) {
  const all = [...DEPARTMENTS, ...categories, ...sheets.flatMap((sheet) => sheet.cues.map((c) => c.department ?? ""))];
  return [...new Set(all.map((d) => d.trim().toLowerCase()).filter(Boolean))];
}

function DayPicker({
  days,
  day,
  stage,
  badDay,
}: {
  days: EventDay[];
  day: string;
  stage: string | null;
  badDay: boolean;
}) {
  return (
    <EventDayTabs
      label="Show days"
      days={days}
      current={day}
      hrefOf={(d) => pageUrl({ day: d, stage })}
      badDay={badDay}
      withoutDays="to list the show days here"
    >
      <Form method="get" className="flex items-end gap-2">
        {stage ? <input type="hidden" name="stage" value={stage} /> : null}
        <div className="grid gap-1">
          <Label htmlFor="show-day" className="text-xs text-slate-600">
            {days.length ? "Another day" : "Day"}
          </Label>
          <Input id="show-day" name="day" type="date" defaultValue={day} className="h-9" />
        </div>
        <Button type="submit" variant="secondary" size="sm">
          Show
        </Button>
      </Form>
    </EventDayTabs>
  );
}

/**
 * The stages of the day (ADR 037): every sheet side by side, or one at a time; plain links (`?stage=`), so it works
 * without JavaScript. "No stage" holds the cues on none.
 */
function StagePicker({ day, stage, stages }: { day: string; stage: string | null; stages: Stage[] }) {
  const choices = [
    { param: "all", name: "All stages" },
    ...stages.map((s) => ({ param: s.id, name: s.name })),
    { param: stageParam(null), name: NO_STAGE_LABEL },
  ];
  return (
    <nav aria-label="Stages" className="mb-6 flex flex-wrap gap-2">
      {choices.map((choice) => (
        <Link
          key={choice.param}
          to={pageUrl({ day, stage: choice.param })}
          aria-current={choice.param === stage ? "page" : undefined}
          className={cn(
            "rounded-full border px-3 py-1 text-sm",
            choice.param === stage
              ? "border-brand-600 bg-brand-50 font-medium text-brand-800"
              : "border-slate-200 bg-white text-slate-700 hover:border-slate-300",
          )}
        >
          {choice.name}
        </Link>
      ))}
    </nav>
  );
}

/** One sheet: a day's cues on one stage (or on none), reorderable, with its planned end. */
function CueSheet({ sheet, props }: { sheet: ShowDay; props: ShowPageProps }) {
  const { day, stages } = props;
  const reorder = useCueReorder(sheet.cues, day, sheet.stageId);
  const cues = reorder.ordered;
  const end = sheet.plannedEnd ? clock(sheet.plannedEnd, sheet) : null;
  const name = stages.length ? stageLabel(stages, sheet.stageId) : null;
  const sideBySide = props.sheets.length > 1;
  return (
    <section
      aria-label={name ? `Cue sheet: ${name}` : "Cue sheet"}
      className="min-w-0"
      data-stage={sheet.stageId ?? "none"}
    >
      {name ? (
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{name}</h2>
          <div className="flex gap-3 text-sm print:hidden">
            {sideBySide ? (
              <Link
                to={pageUrl({ day, stage: stageParam(sheet.stageId) })}
                className="text-brand-700 underline-offset-2 hover:underline"
              >
                Only this stage
              </Link>
            ) : null}
            <Link
              to={`/show/live?${new URLSearchParams({ day, stage: stageParam(sheet.stageId) })}`}
              className="text-brand-700 underline-offset-2 hover:underline"
            >
              Show mode
            </Link>
          </div>
        </div>
      ) : null}
      <ReorderStatus announcement={reorder.announcement} />
      {cues.length === 0 ? (
        <Card>
          <CardContent className="py-8 text-center text-slate-600">
            No cues {name ? `on ${name} ` : ""}on {eventDayLabel(day)} yet. Add the first one below, or import a CSV.
          </CardContent>
        </Card>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white print:overflow-visible print:rounded-none print:border-0">
          <table className="cue-sheet w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase print:bg-white">
              <tr>
                <th scope="col" className="w-8 px-2 py-2 print:hidden">
                  <span className="sr-only">Order</span>
                </th>
                {["#", "Time", "Cue", "Dept", "Owner"].map((column) => (
                  <th
                    key={column}
                    scope="col"
                    // On a phone (and side by side) the department and owner go under the cue's title (see CueRows).
                    className={cn(
                      "px-2 py-2 whitespace-nowrap",
                      PHONE_HIDDEN_COLUMNS.has(column) && (sideBySide ? "hidden" : "max-sm:hidden"),
                    )}
                  >
                    {column}
                  </th>
                ))}
                <th scope="col" className={cn("px-2 py-2 print:hidden", sideBySide ? "hidden" : "max-sm:hidden")}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cues.map((cue, index) => (
                <CueRows
                  key={cue.id}
                  cue={cue}
                  index={index}
                  count={cues.length}
                  sheet={sheet}
                  props={props}
                  reorder={reorder}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cues.length > 0 ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="planned-end">
          {plural(cues.length, "cue")} · planned end <strong className="text-slate-900">{end}</strong>
        </p>
      ) : null}
    </section>
  );
}

function CueRows({
  cue,
  index,
  count,
  sheet,
  props,
  reorder,
}: {
  cue: PlannedCue;
  index: number;
  count: number;
  sheet: ShowDay;
  props: ShowPageProps;
  reorder: CueReorder;
}) {
  const { linkedTasks, contacts, day, cueCalls } = props;
  const showDay = sheet;
  // Side by side, a sheet is narrow: the department, owner and actions fold under the title as on a phone.
  const folded = props.sheets.length > 1;
  const hydrated = useHydrated();
  const conflict = showDay.conflicts.find((c) => c.cueId === cue.id);
  const open = cue.taskIds.filter((id) => !linkedTasks[id]?.completed).length;
  const closeTo = pageUrl(props);
  const editing = props.editId === cue.id;
  const confirmingDelete = props.deleteId === cue.id;
  const picked = reorder.pickedId === cue.id;
  const actions = (
    <div className="flex justify-end gap-1 max-sm:justify-start">
      <Button asChild variant="ghost" size="icon">
        <Link to={pageUrl(props, { edit: cue.id })} aria-label={`Edit “${cue.title}”`}>
          <Pencil aria-hidden />
        </Link>
      </Button>
      <RowAction cueId={cue.id} intent="move" direction="up" disabled={index === 0} label={`Move “${cue.title}” up`}>
        <ArrowUp aria-hidden />
      </RowAction>
      <RowAction
        cueId={cue.id}
        intent="move"
        direction="down"
        disabled={index === count - 1}
        label={`Move “${cue.title}” down`}
      >
        <ArrowDown aria-hidden />
      </RowAction>
      <Button asChild variant="ghost" size="icon">
        <Link to={pageUrl(props, { delete: cue.id })} aria-label={`Delete “${cue.title}”`}>
          <Trash2 aria-hidden />
        </Link>
      </Button>
    </div>
  );
  const who = [cue.department, cue.assigneeName].filter(Boolean).join(" · ");
  return (
    <>
      {conflict && !reorder.moving ? (
        <tr className={conflict.kind === "gap" ? "bg-amber-50" : "bg-red-50"} data-testid="conflict">
          <td className="print:hidden" />
          <td
            colSpan={6}
            className={cn("px-2 py-1 text-xs font-medium", conflict.kind === "gap" ? "text-amber-800" : "text-red-800")}
          >
            {conflictText(conflict, showDay.cues)}
          </td>
        </tr>
      ) : null}
      <tr
        data-cue-id={cue.id}
        {...reorder.rowProps(cue.id, hydrated && !editing)}
        className={cn(
          "border-b border-slate-100 align-top break-inside-avoid last:border-0",
          picked && "bg-brand-50 outline-2 outline-brand-600",
        )}
      >
        <td className="px-1 py-2 print:hidden">{hydrated ? <ReorderHandle reorder={reorder} cue={cue} /> : null}</td>
        <td className="px-2 py-2 text-slate-500 tabular-nums">{index + 1}</td>
        <td className="px-2 py-2 tabular-nums">
          <div className="font-medium whitespace-nowrap text-slate-900">
            {clock(cue.plannedStart, showDay)}–{clock(cue.plannedEnd, showDay)}
          </div>
          <div className="text-xs text-slate-500">
            {describeDuration(cue.duration)} · {cue.timing === "fixed" ? "Fixed" : "Flexible"}
          </div>
        </td>
        <td className="px-2 py-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{cue.title}</span>
            {cue.taskIds.length ? (
              cue.ready ? (
                <Badge variant="success">Ready</Badge>
              ) : (
                <Badge variant="warning">{`Not ready · ${plural(open, "open task")}`}</Badge>
              )
            ) : null}
          </div>
          {/* A phone has no room for the department, owner and actions columns: they sit under the title. */}
          {who ? <p className={cn("mt-0.5 text-xs text-slate-600 capitalize", !folded && "sm:hidden")}>{who}</p> : null}
          {cue.id in cueCalls ? (
            <p className={cn("mt-0.5 text-xs", !folded && "sm:hidden")}>
              <CueCallLine call={cueCalls[cue.id]} />
            </p>
          ) : null}
          {cue.notes ? <p className="mt-0.5 whitespace-pre-line text-slate-600">{cue.notes}</p> : null}
          {cue.taskIds.length ? (
            <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs" aria-label={`Tasks for “${cue.title}”`}>
              {cue.taskIds.map((id) => (
                <li key={id}>
                  <Link
                    to={`/tasks/${id}`}
                    className={cn(
                      "underline-offset-2 hover:underline",
                      linkedTasks[id]?.completed ? "text-slate-400 line-through" : "text-brand-700",
                    )}
                  >
                    {linkedTasks[id]?.title ?? "A task"}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <div className={cn("mt-1 print:hidden", !folded && "sm:hidden")}>{actions}</div>
        </td>
        <td className={cn("px-2 py-2 capitalize", folded ? "hidden" : "max-sm:hidden")}>{cue.department ?? ""}</td>
        <td className={cn("px-2 py-2", folded ? "hidden" : "max-sm:hidden")}>
          {cue.assigneeName ?? ""}
          {contacts[cue.id] ? <div className="text-xs text-slate-500">{contacts[cue.id]}</div> : null}
          {cue.id in cueCalls ? (
            <div className="text-xs">
              <CueCallLine call={cueCalls[cue.id]} />
            </div>
          ) : null}
        </td>
        <td className={cn("px-2 py-2 print:hidden", folded ? "hidden" : "max-sm:hidden")}>{actions}</td>
      </tr>
      {confirmingDelete ? (
        <tr className="print:hidden">
          <td colSpan={7} className="bg-red-50 px-4 py-3">
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="cueId" value={cue.id} />
              <p className="text-sm text-red-900" role="alert">
                Delete “{cue.title}”? Its notes and task links go with it; the tasks stay.
              </p>
              <Button type="submit" name="intent" value="delete" variant="destructive" size="sm">
                Delete cue
              </Button>
              <Button asChild variant="secondary" size="sm">
                <Link to={closeTo}>Cancel</Link>
              </Button>
            </Form>
          </td>
        </tr>
      ) : null}
      {editing ? (
        <tr className="print:hidden">
          <td colSpan={7} className="bg-slate-50 px-4 py-4">
            <h2 className="mb-3 text-sm font-semibold">Edit “{cue.title}”</h2>
            <EditCueForm
              cue={cue}
              contact={contacts[cue.id] ?? null}
              linkedTitles={linkedTasks}
              matches={props.matches}
              closeTo={closeTo}
              day={day}
              stageId={sheet.stageId}
              stages={props.stages}
              today={props.today}
              members={props.members}
              meId={props.user.userId}
              categories={props.categories}
              actionData={props.actionData}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** One of a row's buttons: its own little form, so it works without JavaScript. */
function RowAction({
  cueId,
  intent,
  direction,
  disabled = false,
  label,
  children,
}: {
  cueId: string;
  intent: "move";
  direction?: "up" | "down";
  disabled?: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="cueId" value={cueId} />
      {direction ? <input type="hidden" name="direction" value={direction} /> : null}
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant="ghost"
        size="icon"
        disabled={disabled}
        aria-label={label}
      >
        {children}
      </Button>
    </Form>
  );
}

function ImportCard({
  day,
  stageId,
  stages,
  actionData,
}: {
  day: string;
  stageId: string | null;
  stages: Stage[];
  actionData: ShowActionData | undefined;
}) {
  const reply = actionData?.intent === "import" && !actionData.ok ? actionData : undefined;
  const errors = reply?.result?.error
    ? Object.values(reply.result.error)
        .flat()
        .filter((e): e is string => Boolean(e))
    : [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Import from CSV</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" className="grid gap-3">
          <input type="hidden" name="day" value={day} />
          <p className="text-sm text-slate-600" id="import-help">
            Columns: title, start, duration, timing, department, owner, notes, stage (a header row first; title and
            duration needed). Durations like {DURATION_HINT}. The cues go at the end of {eventDayLabel(day)}
            {stages.length ? ", each on the stage its row names" : ""}; a file with any bad line imports nothing.
          </p>
          {stages.length ? (
            <div className="grid gap-1.5">
              <Label htmlFor="import-stage">Rows without a stage go to</Label>
              <NativeSelect id="import-stage" name="stageId" defaultValue={stageId ?? ""}>
                {stages.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
                <option value="">{NO_STAGE_LABEL}</option>
              </NativeSelect>
            </div>
          ) : null}
          {errors.length ? <FormError id="import-errors" errors={errors} /> : null}
          <div className="grid gap-1.5">
            <Label htmlFor="import-file">CSV file</Label>
            <Input
              id="import-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby="import-help"
              required
            />
          </div>
          <div>
            <Button type="submit" name="intent" value="import" variant="secondary">
              <Upload aria-hidden />
              Import cues
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
