import { useFetcher } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";
import { useId, type ReactNode } from "react";
import { FieldError } from "~/components/field-error";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { EVENT_NAME_MAX } from "~/domain/event-settings";
import { groupTimezones } from "~/domain/dates";
import type { ToastMessage } from "~/lib/toast";
import type { action as dashboardAction } from "~/routes/dashboard";
import { useOnChange } from "~/lib/use-on-change";

export interface SettingsValues {
  eventName: string | null;
  eventLocalDate: string | null;
  eventLocalTime: string | null;
  timezone: string;
}

/** What the dashboard action answers to the settings form. */
export interface SettingsActionData {
  intent: "settings";
  ok: boolean;
  toast?: ToastMessage;
  fieldErrors?: Record<string, string[] | undefined>;
  /** The values sent, so a form re-rendered with errors (no JavaScript) keeps them. */
  values?: Record<string, string>;
}

/**
 * The workspace settings: event name, the event's date and start time on the venue's clock, and the timezone
 * they are in. Used in the settings dialog and, without JavaScript, inline on `/dashboard?settings=1`.
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
  lastResult?: SettingsActionData;
  onSaved?: () => void;
  cancel: ReactNode;
}) {
  const fetcher = useFetcher<typeof dashboardAction>();
  const toast = useToast();
  const id = useId();
  const reply = fetcher.data && "intent" in fetcher.data && fetcher.data.intent === "settings" ? (fetcher.data as SettingsActionData) : lastResult;
  const errors = reply?.ok === false ? (reply.fieldErrors ?? {}) : {};
  const values = reply?.ok === false ? reply.values : undefined;
  const busy = fetcher.state !== "idle";

  useOnChange(fetcher.data as SettingsActionData | undefined, (outcome) => {
    if (outcome.intent !== "settings") return;
    if (outcome.toast) toast(outcome.toast);
    if (outcome.ok) onSaved?.();
  });

  const field = (name: string) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });
  const timezone = values?.timezone ?? settings.timezone;

  return (
    <fetcher.Form method="post" action={action} className="grid gap-4" noValidate>
      <input type="hidden" name="intent" value="settings" />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-eventName`}>Event name</Label>
        <Input
          {...field("eventName")}
          defaultValue={values?.eventName ?? settings.eventName ?? ""}
          maxLength={EVENT_NAME_MAX}
          placeholder="Harbour Lights Festival"
          autoComplete="off"
        />
        <FieldError id={`${id}-eventName-error`} errors={errors.eventName} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-timezone`}>Timezone</Label>
        <NativeSelect {...field("timezone")} defaultValue={timezone}>
          {groupTimezones(timezones, timezone).map((group) => (
            <optgroup key={group.region} label={group.region}>
              {group.zones.map((zone) => (
                <option key={zone.value} value={zone.value}>
                  {zone.label}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect>
        <FieldError id={`${id}-timezone-error`} errors={errors.timezone} />
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Event start</legend>
        <p id={`${id}-start-hint`} className="-mt-1 text-sm text-slate-600">
          Local time at the venue, in the timezone above. Leave the date empty if it is not set yet.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-eventDate`} className="font-normal text-slate-700">
              Event date
            </Label>
            <Input
              {...field("eventDate")}
              type="date"
              defaultValue={values?.eventDate ?? settings.eventLocalDate ?? ""}
            />
            <FieldError id={`${id}-eventDate-error`} errors={errors.eventDate} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-eventTime`} className="font-normal text-slate-700">
              Start time <span className="text-slate-500">(optional)</span>
            </Label>
            <Input
              {...field("eventTime")}
              type="time"
              defaultValue={values?.eventTime ?? (settings.eventLocalTime === "00:00" ? "" : (settings.eventLocalTime ?? ""))}
            />
            <FieldError id={`${id}-eventTime-error`} errors={errors.eventTime} />
          </div>
        </div>
      </fieldset>
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
