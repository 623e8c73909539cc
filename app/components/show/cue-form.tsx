import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import type { z } from "zod";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigate } from "@remix-run/react";
import { useCallback, useState } from "react";
import { FieldError, FormError } from "~/components/field-error";
import { AssigneeSelect, OutsideAssigneeFields } from "~/components/tasks/assignee-fields";
import { TaskSearchCombobox, type TaskChoice } from "~/components/tasks/task-search-combobox";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { AssignableMember } from "~/domain/assignees";
import { DEPARTMENTS, describeDuration, DURATION_HINT, type PlannedCue } from "~/domain/show";
import { cueEditFormSchema, cueFormSchema } from "~/domain/show-schemas";
import { NO_STAGE_LABEL, type Stage } from "~/domain/stages";
import { OUTSIDE_ASSIGNEE } from "~/domain/schemas";
import { useHydrated } from "~/lib/use-hydrated";
import { useOnChange } from "~/lib/use-on-change";
import type { ShowActionData } from "./show-page";

/** The departments a cue can name: the built-in ones, then the workspace's categories. */
export function DepartmentOptions({ id, categories }: { id: string; categories: readonly string[] }) {
  const extra = categories.filter((c) => !(DEPARTMENTS as readonly string[]).includes(c.toLowerCase()));
  return (
    <datalist id={id}>
      {[...DEPARTMENTS, ...extra].map((d) => (
        <option key={d} value={d} />
      ))}
    </datalist>
  );
}

/**
 * Conform on a cue form: first checked on submit (an error appearing as focus leaves a field would move the
 * buttons mid-click), then as the producer types.
 */
function useCueForm(
  id: string,
  schema: z.ZodTypeAny,
  lastResult: SubmissionResult<string[]> | undefined,
  defaultValue: Record<string, string>,
) {
  return useForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
type CueForm = ReturnType<typeof useCueForm>[0];

interface CommonProps {
  /** The workspace's stages (ADR 037): the forms ask for one only when there are some. */
  stages: readonly Stage[];
  members: readonly AssignableMember[];
  meId: string;
  categories: readonly string[];
  actionData: ShowActionData | undefined;
}

/** The fields both forms share: title, start, duration, timing, department, stage, owner, notes. */
function CueFields({
  form,
  fields,
  stages,
  members,
  meId,
  categories,
  idPrefix,
}: {
  form: CueForm;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  fields: Record<string, any>;
  stages: readonly Stage[];
  members: readonly AssignableMember[];
  meId: string;
  categories: readonly string[];
  idPrefix: string;
}) {
  const listId = `${idPrefix}-departments`;
  const onAssignToMe = (id: string) => form.update({ name: fields.assigneeId.name, value: id });
  return (
    <>
      <div className="sm:col-span-2">
        <FormError id={form.errorId} errors={form.errors} />
      </div>
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={fields.title.id}>Title</Label>
        <Input {...getInputProps(fields.title, { type: "text" })} key={fields.title.key} placeholder="Walk-in music" />
        <FieldError id={fields.title.errorId} errors={fields.title.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.timing.id}>Timing</Label>
        <NativeSelect {...getSelectProps(fields.timing)} key={fields.timing.key}>
          <option value="flexible">Flexible (after the cue before)</option>
          <option value="fixed">Fixed (at its start time)</option>
        </NativeSelect>
        <FieldError id={fields.timing.errorId} errors={fields.timing.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.start.id}>
          Start <span className="font-normal text-slate-500">(venue clock; fixed cues)</span>
        </Label>
        <Input {...getInputProps(fields.start, { type: "time" })} key={fields.start.key} />
        <FieldError id={fields.start.errorId} errors={fields.start.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.duration.id}>Duration</Label>
        <Input
          {...getInputProps(fields.duration, { type: "text", ariaDescribedBy: `${fields.duration.id}-hint` })}
          key={fields.duration.key}
          placeholder="5 min"
        />
        <p id={`${fields.duration.id}-hint`} className="text-xs text-slate-500">
          Like {DURATION_HINT}
        </p>
        <FieldError id={fields.duration.errorId} errors={fields.duration.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.department.id}>
          Department <span className="font-normal text-slate-500">(optional)</span>
        </Label>
        <Input
          {...getInputProps(fields.department, { type: "text" })}
          key={fields.department.key}
          list={listId}
          autoComplete="off"
          placeholder="audio"
        />
        <DepartmentOptions id={listId} categories={categories} />
        <FieldError id={fields.department.errorId} errors={fields.department.errors} />
      </div>
      {stages.length ? (
        <div className="grid gap-1.5">
          <Label htmlFor={fields.stageId.id}>Stage</Label>
          <NativeSelect {...getSelectProps(fields.stageId)} key={fields.stageId.key}>
            {stages.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
            <option value="">{NO_STAGE_LABEL}</option>
          </NativeSelect>
          <FieldError id={fields.stageId.errorId} errors={fields.stageId.errors} />
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <AssigneeSelect field={fields.assigneeId} members={members} meId={meId} onAssignToMe={onAssignToMe} />
      </div>
      <div className="sm:col-span-2">
        <OutsideAssigneeFields choice={fields.assigneeId} name={fields.assigneeName} contact={fields.assigneeContact} />
      </div>
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={fields.notes.id}>
          Notes <span className="font-normal text-slate-500">(optional)</span>
        </Label>
        <Textarea {...getTextareaProps(fields.notes)} key={fields.notes.key} rows={2} />
        <FieldError id={fields.notes.errorId} errors={fields.notes.errors} />
      </div>
    </>
  );
}

/** 'Add a cue': at the end of its sheet (the day, on the stage picked: `stageId` first). */
export function AddCueForm({
  day,
  stageId,
  stages,
  members,
  meId,
  categories,
  actionData,
}: CommonProps & { day: string; stageId: string | null }) {
  const reply = actionData?.intent === "add" ? actionData : undefined;
  const [form, fields] = useCueForm(`add-cue-${day}-${stageId ?? ""}`, cueFormSchema, reply?.result, {
    timing: "flexible",
    day,
    stageId: stageId ?? "",
  });
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="day" value={day} />
      <CueFields
        form={form}
        fields={fields}
        stages={stages}
        members={members}
        meId={meId}
        categories={categories}
        idPrefix="add"
      />
      <div className="sm:col-span-2">
        <Button type="submit" name="intent" value="add">
          Add cue
        </Button>
      </div>
    </Form>
  );
}

/** Up to 8 of the workspace's tasks whose title contains `q`. */
async function searchTasks(q: string, signal: AbortSignal): Promise<TaskChoice[]> {
  const res = await fetch(`/api/show/task-choices?${new URLSearchParams({ q })}`, { signal });
  if (!res.ok) throw new Error(`task search: ${res.status}`);
  return ((await res.json()) as { tasks: TaskChoice[] }).tasks;
}

/**
 * A cue's edit form, shown in place of its row. Its linked tasks are ticked boxes (untick to unlink); more are found
 * by searching: as you type with JavaScript, with 'Find tasks' (the form shows again with the matches) without.
 */
export function EditCueForm({
  cue,
  contact,
  linkedTitles,
  matches,
  closeTo,
  day,
  today,
  stageId,
  stages,
  members,
  meId,
  categories,
  actionData,
}: CommonProps & {
  /** The sheet's stage, which the cue is on (null: none). */
  stageId: string | null;
  cue: PlannedCue;
  contact: string | null;
  linkedTitles: Record<string, { title: string; completed: boolean }>;
  matches: ReadonlyArray<{ id: string; title: string }>;
  closeTo: string;
  /** The sheet's day, which the cue belongs to. */
  day: string;
  /** The venue's today, against which a linked task is overdue. */
  today: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const reply = actionData?.intent === "edit" || actionData?.intent === "find-tasks" ? actionData : undefined;
  const found = actionData?.intent === "find-tasks" && actionData.ok ? (actionData.data?.matches ?? []) : matches;
  const [form, fields] = useCueForm(`edit-cue-${cue.id}`, cueEditFormSchema, reply?.result, {
    cueId: cue.id,
    day,
    title: cue.title,
    start: cue.start ?? "",
    duration: describeDuration(cue.duration),
    timing: cue.timing,
    department: cue.department ?? "",
    assigneeId: cue.assigneeId ?? (cue.assigneeName ? OUTSIDE_ASSIGNEE : ""),
    assigneeName: cue.assigneeId ? "" : (cue.assigneeName ?? ""),
    assigneeContact: contact ?? "",
    notes: cue.notes ?? "",
    stageId: stageId ?? "",
  });
  const [linked, setLinked] = useState(() =>
    cue.taskIds.map((id) => ({ id, title: linkedTitles[id]?.title ?? "A task" })),
  );
  const [query, setQuery] = useState("");
  const pick = useCallback((choice: TaskChoice) => {
    setLinked((current) => (current.some((t) => t.id === choice.id) ? current : [...current, choice]));
    setQuery("");
  }, []);
  useOnChange(actionData, (outcome) => {
    if (outcome.intent === "edit" && outcome.ok) navigate(closeTo, { replace: true });
  });
  const offered = found.filter((t) => !linked.some((l) => l.id === t.id));
  // After 'Find tasks' (no JavaScript) the boxes keep what was ticked when it was pressed.
  const ticked = actionData?.intent === "find-tasks" ? [actionData.result?.initialValue?.taskIds ?? []].flat() : null;

  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      {/* Enter in a field saves: the first submit button is the default one, ahead of 'Find tasks'. */}
      <button type="submit" name="intent" value="edit" className="sr-only" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="cueId" value={cue.id} />
      <CueFields
        form={form}
        fields={fields}
        stages={stages}
        members={members}
        meId={meId}
        categories={categories}
        idPrefix={`edit-${cue.id}`}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={fields.day.id}>
          Day <span className="font-normal text-slate-500">(another day moves it to the end of that day)</span>
        </Label>
        <Input {...getInputProps(fields.day, { type: "date" })} key={fields.day.key} />
        <FieldError id={fields.day.errorId} errors={fields.day.errors} />
      </div>
      <fieldset className="grid gap-2 sm:col-span-2">
        <legend className="text-sm font-medium text-slate-800">Linked tasks</legend>
        <p className="text-xs text-slate-500">The cue is ready once every linked task is completed.</p>
        {linked.length || offered.length ? (
          <ul className="grid gap-1">
            {[...linked.map((t) => ({ ...t, checked: true })), ...offered.map((t) => ({ ...t, checked: false }))].map(
              (t) => (
                <li key={t.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="taskIds"
                      value={t.id}
                      defaultChecked={ticked ? ticked.includes(t.id) : t.checked}
                    />
                    {t.title}
                  </label>
                </li>
              ),
            )}
          </ul>
        ) : null}
        {hydrated ? (
          <TaskSearchCombobox
            label="Link a task"
            query={query}
            onQueryChange={setQuery}
            search={searchTasks}
            onPick={pick}
            today={today}
          />
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${cue.id}-q`}>Find tasks to link</Label>
              <Input id={`${cue.id}-q`} name="q" type="search" placeholder="Part of a task's title" />
            </div>
            <Button type="submit" variant="secondary" name="intent" value="find-tasks" formNoValidate>
              Find tasks
            </Button>
          </div>
        )}
        <FieldError id={`${cue.id}-tasks-error`} errors={fields.taskIds.errors} />
      </fieldset>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" name="intent" value="edit">
          Save cue
        </Button>
        <Button asChild variant="ghost">
          <Link to={closeTo}>Cancel</Link>
        </Button>
      </div>
    </Form>
  );
}
