import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";
import { useId, type ReactNode } from "react";
import { FieldError, FormError } from "~/components/field-error";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { TimezoneOptions } from "~/components/timezone-options";
import { RemindersField } from "~/components/tasks/reminders-field";
import { WORK_HOURS_PER_DAY } from "~/domain/critical-path";
import {
  ASSUMED_ESTIMATE_MAX_HOURS,
  ASSUMED_ESTIMATE_MIN_HOURS,
  EVENT_NAME_MAX,
  WORKSPACE_NAME_MAX,
} from "~/domain/event-settings";
import { eventSettingsSchema } from "~/domain/schemas";
import { useOnChange } from "~/lib/use-on-change";
import type { action as dashboardAction } from "~/routes/dashboard";

export interface SettingsValues {
  /** The workspace's name. */
  name: string;
  eventName: string | null;
  eventLocalDate: string | null;
  eventLocalTime: string | null;
  /** The last show day, load-in and load-out: local days (ADR 026). */
  eventEndDate?: string | null;
  loadInDate?: string | null;
  loadOutDate?: string | null;
  timezone: string;
  /** Hours the plan assumes for a task without an estimate. */
  assumedEstimateHours: number;
  /** Reminders a new dated task gets when its creator names none (minutes before its due time). */
  defaultReminders?: number[];
}

/**
 * The workspace settings: event name, the event's date and start time on the venue's clock, its other days (last
 * show day, load-in, load-out), the timezone they are in, and the plan's assumed estimate. Used in the settings dialog and, without JavaScript, inline on `/dashboard?settings=1`, where
 * `lastResult` is the action's reply to a plain form post (its errors and the values sent).
 */
export function SettingsForm({
  settings,
  timezones,
  action,
  lastResult,
  onSaved,
  cancel,
}: {
  settings: SettingsValues;
  timezones: readonly string[];
  action: string;
  lastResult?: SubmissionResult<string[]>;
  onSaved?: () => void;
  cancel: ReactNode;
}) {
  const fetcher = useFetcher<typeof dashboardAction>();
  const toast = useToast();
  const id = useId();
  const reply = fetcher.data?.intent === "settings" ? fetcher.data : undefined;
  const [form, fields] = useForm({
    // The dialog and the inline form can both be on the page.
    id: `settings-${id}`,
    lastResult: reply ? reply.result : lastResult,
    defaultValue: {
      name: settings.name,
      eventName: settings.eventName ?? "",
      timezone: settings.timezone,
      eventDate: settings.eventLocalDate ?? "",
      eventTime: settings.eventLocalTime === "00:00" ? "" : (settings.eventLocalTime ?? ""),
      eventEndDate: settings.eventEndDate ?? "",
      loadInDate: settings.loadInDate ?? "",
      loadOutDate: settings.loadOutDate ?? "",
      assumedEstimateHours: String(settings.assumedEstimateHours),
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eventSettingsSchema }),
  });
  const busy = fetcher.state !== "idle";

  useOnChange(reply, (outcome) => {
    if (outcome.toast) toast(outcome.toast);
    if (outcome.ok) onSaved?.();
  });

  const timezone = fields.timezone.initialValue ?? settings.timezone;

  return (
    <fetcher.Form method="post" action={action} className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="settings" />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="grid gap-1.5">
        <Label htmlFor={fields.name.id}>Workspace name</Label>
        <Input
          {...getInputProps(fields.name, { type: "text", ariaDescribedBy: fields.name.descriptionId })}
          key={fields.name.key}
          maxLength={WORKSPACE_NAME_MAX}
          autoComplete="off"
        />
        <p id={fields.name.descriptionId} className="text-xs text-slate-600">
          What the team sees in the header and in invitations.
        </p>
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.eventName.id}>Event name</Label>
        <Input
          {...getInputProps(fields.eventName, { type: "text" })}
          key={fields.eventName.key}
          maxLength={EVENT_NAME_MAX}
          placeholder="Harbour Lights Festival"
          autoComplete="off"
        />
        <FieldError id={fields.eventName.errorId} errors={fields.eventName.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.timezone.id}>Timezone</Label>
        <NativeSelect {...getSelectProps(fields.timezone)} key={fields.timezone.key}>
          <TimezoneOptions zones={timezones} current={timezone} />
        </NativeSelect>
        <FieldError id={fields.timezone.errorId} errors={fields.timezone.errors} />
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Event start</legend>
        <p id={`${form.id}-start-hint`} className="-mt-1 text-sm text-slate-600">
          Local time at the venue, in the timezone above. Leave the date empty if it is not set yet.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={fields.eventDate.id} className="font-normal text-slate-700">
              Event date
            </Label>
            <Input {...getInputProps(fields.eventDate, { type: "date" })} key={fields.eventDate.key} />
            <FieldError id={fields.eventDate.errorId} errors={fields.eventDate.errors} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={fields.eventTime.id} className="font-normal text-slate-700">
              Start time <span className="text-slate-500">(optional)</span>
            </Label>
            <Input {...getInputProps(fields.eventTime, { type: "time" })} key={fields.eventTime.key} />
            <FieldError id={fields.eventTime.errorId} errors={fields.eventTime.errors} />
          </div>
        </div>
      </fieldset>
      <fieldset className="grid gap-1.5" aria-describedby={`${form.id}-days-hint`}>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Event days</legend>
        <p id={`${form.id}-days-hint`} className="-mt-1 text-sm text-slate-600">
          For an event over several days, its last show day, and when the crew builds and strikes. All optional; the
          countdown still runs to the start.
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="grid gap-1.5">
            <Label htmlFor={fields.eventEndDate.id} className="font-normal text-slate-700">
              Last show day
            </Label>
            <Input {...getInputProps(fields.eventEndDate, { type: "date" })} key={fields.eventEndDate.key} />
            <FieldError id={fields.eventEndDate.errorId} errors={fields.eventEndDate.errors} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={fields.loadInDate.id} className="font-normal text-slate-700">
              Load-in
            </Label>
            <Input {...getInputProps(fields.loadInDate, { type: "date" })} key={fields.loadInDate.key} />
            <FieldError id={fields.loadInDate.errorId} errors={fields.loadInDate.errors} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={fields.loadOutDate.id} className="font-normal text-slate-700">
              Load-out
            </Label>
            <Input {...getInputProps(fields.loadOutDate, { type: "date" })} key={fields.loadOutDate.key} />
            <FieldError id={fields.loadOutDate.errorId} errors={fields.loadOutDate.errors} />
          </div>
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.assumedEstimateHours.id}>Hours assumed for a task without an estimate</Label>
        <Input
          {...getInputProps(fields.assumedEstimateHours, {
            type: "number",
            ariaDescribedBy: fields.assumedEstimateHours.descriptionId,
          })}
          key={fields.assumedEstimateHours.key}
          min={ASSUMED_ESTIMATE_MIN_HOURS}
          max={ASSUMED_ESTIMATE_MAX_HOURS}
          step="0.5"
          className="max-w-32"
        />
        <p id={fields.assumedEstimateHours.descriptionId} className="text-xs text-slate-600">
          The critical path schedules unestimated tasks with this much work ({WORK_HOURS_PER_DAY} hours is one working
          day) and marks it as assumed.
        </p>
        <FieldError id={fields.assumedEstimateHours.errorId} errors={fields.assumedEstimateHours.errors} />
      </div>
      <RemindersField
        name={fields.defaultReminders.name}
        id={fields.defaultReminders.id}
        legend="Default reminders for new dated tasks"
        checked={settings.defaultReminders ?? []}
        hint="Sent to the assignee before the due date unless the task's creator chooses others. A date without a time is due at 17:00."
        errors={fields.defaultReminders.errors}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {busy ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
