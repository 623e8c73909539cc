import { Repeat } from "lucide-react";
import { useId, useState } from "react";
import { FieldError } from "~/components/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import {
  COUNT_MAX,
  describeRecurrenceText,
  INTERVAL_MAX,
  recurrenceFromForm,
  repeatFieldsOf,
  WEEKDAY_SHORT,
  WEEKDAYS,
  type RepeatChoice,
  type RepeatEnd,
  type Weekday,
} from "~/domain/recurrence";
import { useHydrated } from "~/lib/use-hydrated";

const CHOICE_LABELS: Record<Exclude<RepeatChoice, "keep">, string> = {
  none: "Doesn't repeat",
  daily: "Daily",
  weekly: "Weekly on chosen days",
  interval: "Every N weeks",
  monthly: "Monthly on day N",
};

const END_LABELS: Record<RepeatEnd, string> = {
  never: "No end",
  count: "After a number of times",
  until: "Until a date",
};

/**
 * The task forms' "Repeats" control (ADR 021): plain fields the server reads into an RRULE, so it works without
 * JavaScript (then every field shows at once). With JavaScript only the fields of the choice show, with the rule
 * in words as it is chosen; otherwise the words are the saved rule's, as the server said them (`savedText`).
 */
export function RecurrenceField({
  recurrence = null,
  savedText = null,
  errors,
}: {
  /** The task's stored rule (the editor), or none (the create form). */
  recurrence?: string | null;
  savedText?: string | null;
  errors?: string[];
}) {
  const id = useId();
  const hydrated = useHydrated();
  const initial = repeatFieldsOf(recurrence);
  const [repeat, setRepeat] = useState<string>(initial.repeat);
  const [days, setDays] = useState<Weekday[]>(initial.repeatDays);
  const [every, setEvery] = useState(String(initial.repeatEvery));
  const [monthDay, setMonthDay] = useState(String(initial.repeatMonthDay));
  const [end, setEnd] = useState<string>(initial.repeatEnd);
  const [count, setCount] = useState(String(initial.repeatCount));
  const [until, setUntil] = useState(initial.repeatUntil);

  const show = (...choices: string[]) => !hydrated || choices.includes(repeat);
  const repeats = repeat !== "none" && repeat !== "keep";
  const chosen = recurrenceFromForm({
    repeat,
    repeatDays: days,
    repeatEvery: every,
    repeatMonthDay: monthDay,
    repeatEnd: end,
    repeatCount: count,
    repeatUntil: until,
  });
  const words = !hydrated
    ? savedText
    : repeat === "keep"
      ? savedText
      : chosen.ok
        ? describeRecurrenceText(chosen.recurrence ?? null)
        : null;
  const errorId = `${id}-error`;

  return (
    <fieldset
      className="grid gap-3 rounded-md border border-slate-200 p-3"
      aria-describedby={errors?.length ? errorId : undefined}
    >
      <legend className="px-1 text-sm font-medium text-slate-900">Repeats</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-repeat`}>How often</Label>
        <NativeSelect id={`${id}-repeat`} name="repeat" value={repeat} onChange={(e) => setRepeat(e.target.value)}>
          {initial.repeat === "keep" ? <option value="keep">{`As set: ${savedText ?? "custom"}`}</option> : null}
          {Object.entries(CHOICE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {show("weekly", "interval") ? (
        <fieldset className="grid gap-1.5">
          <legend className="text-sm font-medium text-slate-900">
            On{" "}
            {hydrated ? null : (
              <span className="font-normal text-slate-500">(weekly; none: the due date&apos;s day)</span>
            )}
          </legend>
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            {WEEKDAYS.map((day) => (
              <label key={day} className="flex items-center gap-1.5 text-sm text-slate-700">
                <input
                  type="checkbox"
                  name="repeatDays"
                  value={day}
                  checked={days.includes(day)}
                  onChange={(e) => setDays(e.target.checked ? [...days, day] : days.filter((d) => d !== day))}
                />
                {WEEKDAY_SHORT[day]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {show("interval") ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-every`}>Every how many weeks</Label>
            <Input
              id={`${id}-every`}
              name="repeatEvery"
              type="number"
              min={1}
              max={INTERVAL_MAX}
              value={every}
              onChange={(e) => setEvery(e.target.value)}
            />
          </div>
        ) : null}
        {show("monthly") ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-month-day`}>Day of the month</Label>
            <Input
              id={`${id}-month-day`}
              name="repeatMonthDay"
              type="number"
              min={1}
              max={31}
              value={monthDay}
              onChange={(e) => setMonthDay(e.target.value)}
            />
          </div>
        ) : null}
        {!hydrated || repeats ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-end`}>Ends</Label>
            <NativeSelect id={`${id}-end`} name="repeatEnd" value={end} onChange={(e) => setEnd(e.target.value)}>
              {Object.entries(END_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        {!hydrated || (repeats && end === "count") ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-count`}>Occurrences</Label>
            <Input
              id={`${id}-count`}
              name="repeatCount"
              type="number"
              min={1}
              max={COUNT_MAX}
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
          </div>
        ) : null}
        {!hydrated || (repeats && end === "until") ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-until`}>Until</Label>
            <Input
              id={`${id}-until`}
              name="repeatUntil"
              type="date"
              value={until}
              onChange={(e) => setUntil(e.target.value)}
            />
          </div>
        ) : null}
      </div>
      {words ? (
        <p className="flex items-center gap-1.5 text-sm text-slate-700" data-testid="recurrence-words">
          <Repeat className="size-4 text-slate-500" aria-hidden />
          {words}
        </p>
      ) : null}
      <FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}
