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
}: {
  name: string;
  id: string;
  legend?: string;
  /** The offsets ticked when the form opens. */
  checked: readonly number[];
  hint?: string;
  errors?: string[];
}) {
  const presets: number[] = REMINDER_PRESETS.map((p) => p.minutes);
  const offsets = [...presets, ...checked.filter((m) => !presets.includes(m))];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset className="grid gap-1.5" aria-describedby={[hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(" ") || undefined}>
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
      <FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}
