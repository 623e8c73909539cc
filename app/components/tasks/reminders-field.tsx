import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { FieldError } from "~/components/field-error";
import { REMINDER_PRESETS, reminderLabel } from "~/domain/reminders";

/**
 * 'Remind' (ADR 022): a checkbox per preset (when it's due, 1 hour, 1 day, 2 days, 1 week before), several at once,
 * posted as repeated `name` values in minutes; a plain form field, so it works without JavaScript. An offset
 * outside the presets (from the parser or the API) is listed too, ticked, so saving the form keeps it.
 */
export function RemindersField({
  name,
  id,
  legend = "Remind",
  checked,
  hint,
  errors,
  undated = false,
}: {
  name: string;
  id: string;
  legend?: string;
  /** The offsets ticked when the form opens. */
  checked: readonly number[];
  hint?: string;
  errors?: string[];
  /** The task has no due date (yet): a ticked reminder is said to wait for one, since it cannot fire before. */
  undated?: boolean;
}) {
  const [ticked, setTicked] = useState(checked.length);
  const presets: number[] = REMINDER_PRESETS.map((p) => p.minutes);
  const offsets = [...presets, ...checked.filter((m) => !presets.includes(m))];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="grid gap-1.5"
      onChange={(event) => {
        const boxes = event.currentTarget.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:checked`);
        setTicked(boxes.length);
      }}
      aria-describedby={[hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(" ") || undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {legend} <span className="font-normal text-slate-500">(optional)</span>
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {offsets.map((minutes) => (
          <label key={minutes} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name={name}
              value={String(minutes)}
              defaultChecked={checked.includes(minutes)}
              className="size-4"
            />
            {reminderLabel(minutes)}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {undated && ticked > 0 ? (
        <p className="flex items-start gap-1.5 text-sm text-amber-800" role="status">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          No due date yet: a reminder waits for one, and never fires without it.
        </p>
      ) : null}
      <FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}
