import { AlertTriangle, Bell, Repeat, X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { FieldError } from "~/components/field-error";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { willCreate, type TaskRowValues } from "~/domain/parsed-task-rows";
import { PRIORITIES } from "~/domain/tasks";
import { categoryLabel, PRIORITY_LABELS } from "~/domain/labels";
import { cn } from "~/lib/utils";

/**
 * One parsed task as a row of small fields, with its near-duplicate warning. `remindersText` is the row's reminders in
 * words, from the preview (the reminder labels stay in the dashboard's own code, so this module, loaded on demand, needs
 * nothing from the signed-in pages' common chunk, which holds zod).
 */
export function ParsedTaskRow({
  index,
  row,
  remindersText,
  categories,
  errors,
  hydrated,
  onChange,
  onRemove,
}: {
  index: number;
  row: TaskRowValues;
  remindersText: string;
  categories: string[];
  errors: Record<string, string[]>;
  hydrated: boolean;
  onChange: (changes: Partial<TaskRowValues>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const name = (field: string) => `tasks[${index}].${field}`;
  const fieldId = (field: string) => `${id}-${field}`;
  // An owner naming several members shows its question ("Which Sam? …") as the field's error until edited.
  const errorOf = (field: string) =>
    errors[name(field)] ?? (field === "assigneeName" && row.ownerNote ? [row.ownerNote] : undefined);
  const described = (field: string) =>
    errorOf(field) ? { "aria-invalid": true, "aria-describedby": `${fieldId(field)}-error` } : {};
  const skipped = !willCreate(row);
  const categoryOptions =
    row.category && !categories.includes(row.category) ? [...categories, row.category] : categories;
  const label = row.title.trim() || `Task ${index + 1}`;

  return (
    <fieldset
      className={cn(
        "grid gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:p-4",
        skipped && "border-amber-300 bg-amber-50/40",
      )}
    >
      <legend className="sr-only">{`Task ${index + 1}: ${label}`}</legend>
      <input type="hidden" name={name("description")} value={row.description} />
      {row.recurrence ? (
        <>
          <input type="hidden" name={name("recurrence")} value={row.recurrence} />
          <input type="hidden" name={name("recurrenceText")} value={row.recurrenceText} />
        </>
      ) : null}
      {row.reminders.map((minutes) => (
        <input key={minutes} type="hidden" name={name("reminders")} value={minutes} />
      ))}
      <div className="flex items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor={fieldId("title")} className="text-xs text-slate-600">
            Title
          </Label>
          <Input
            id={fieldId("title")}
            name={name("title")}
            value={row.title}
            onChange={(e) => onChange({ title: e.target.value })}
            required
            {...described("title")}
          />
        </div>
        {hydrated ? (
          <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove “${label}”`}>
            <X aria-hidden />
          </Button>
        ) : (
          <label className="flex h-10 items-center gap-1.5 text-sm text-slate-700">
            <input type="checkbox" name={name("remove")} className="size-4 accent-brand-600" />
            Remove
          </label>
        )}
      </div>
      <FieldError id={`${fieldId("title")}-error`} errors={errorOf("title")} />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <SmallField label="Due date" htmlFor={fieldId("dueDay")}>
          <Input
            id={fieldId("dueDay")}
            type="date"
            name={name("dueDay")}
            value={row.dueDay}
            onChange={(e) => onChange({ dueDay: e.target.value })}
            {...described("dueDay")}
          />
        </SmallField>
        <SmallField label="Time" htmlFor={fieldId("dueTime")}>
          <Input
            id={fieldId("dueTime")}
            type="time"
            name={name("dueTime")}
            value={row.dueTime}
            onChange={(e) => onChange({ dueTime: e.target.value })}
            {...described("dueTime")}
          />
        </SmallField>
        <SmallField label="Owner" htmlFor={fieldId("assigneeName")}>
          <Input
            id={fieldId("assigneeName")}
            name={name("assigneeName")}
            value={row.assigneeName}
            onChange={(e) => onChange({ assigneeName: e.target.value, ownerNote: undefined })}
            autoComplete="off"
            {...described("assigneeName")}
          />
        </SmallField>
        <SmallField label="Priority" htmlFor={fieldId("priority")}>
          <NativeSelect
            id={fieldId("priority")}
            name={name("priority")}
            value={row.priority}
            onChange={(e) => onChange({ priority: e.target.value as TaskRowValues["priority"] })}
          >
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </SmallField>
        <SmallField label="Category" htmlFor={fieldId("category")}>
          <NativeSelect
            id={fieldId("category")}
            name={name("category")}
            value={row.category}
            onChange={(e) => onChange({ category: e.target.value })}
          >
            <option value="">None</option>
            {categoryOptions.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </NativeSelect>
        </SmallField>
        <SmallField label="Hours" htmlFor={fieldId("estimatedHours")}>
          <Input
            id={fieldId("estimatedHours")}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            name={name("estimatedHours")}
            value={row.estimatedHours}
            onChange={(e) => onChange({ estimatedHours: e.target.value })}
            {...described("estimatedHours")}
          />
        </SmallField>
      </div>
      {row.recurrenceText ? (
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <Repeat className="size-4 text-slate-500" aria-hidden />
          <span>Repeats: {row.recurrenceText}</span>
        </p>
      ) : null}
      {row.reminders.length ? (
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <Bell className="size-4 text-slate-500" aria-hidden />
          <span>Remind: {remindersText}</span>
        </p>
      ) : null}
      {row.reminders.length && !row.dueDay ? (
        <p className="text-sm text-amber-800" role="status">
          No due date: the reminder waits for one and never fires without it. Set the date above.
        </p>
      ) : null}
      {(["dueDay", "dueTime", "assigneeName", "estimatedHours"] as const).map((field) => (
        <FieldError key={field} id={`${fieldId(field)}-error`} errors={errorOf(field)} />
      ))}
      {row.similar.length > 0 ? (
        <div className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 p-2.5 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex gap-2">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
            <span>
              Similar open task: “{row.similar[0].title}”
              {row.similar.length > 1 ? ` and ${row.similar.length - 1} more` : ""}.
              {skipped ? " Skipped unless you create it anyway." : null}
            </span>
          </p>
          <label className="flex shrink-0 items-center gap-1.5 font-medium">
            <input
              type="checkbox"
              name={name("allowDuplicate")}
              checked={row.allowDuplicate}
              onChange={(e) => onChange({ allowDuplicate: e.target.checked })}
              className="size-4 accent-brand-600"
            />
            Create anyway
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}

function SmallField({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={htmlFor} className="text-xs text-slate-600">
        {label}
      </Label>
      {children}
    </div>
  );
}
