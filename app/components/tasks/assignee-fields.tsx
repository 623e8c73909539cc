import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { UserRoundCheck } from "lucide-react";
import { FieldError } from "~/components/field-error";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { AssignableMember } from "~/domain/assignees";
import { OUTSIDE_ASSIGNEE } from "~/domain/schemas";
import { useHydrated } from "~/lib/use-hydrated";

/** A Conform field of a task form's assignee (its value is a string however the form's schema types it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Field = FieldMetadata<any, any, string[]>;

/**
 * The assignee of the create form and the task editor: "Unassigned", a member ('Assign to me' picks the viewer),
 * or "Someone outside the team…". `onAssignToMe` sets the select's value through the form.
 */
export function AssigneeSelect({
  field,
  members,
  meId,
  onAssignToMe,
}: {
  field: Field;
  members: readonly AssignableMember[];
  meId?: string;
  onAssignToMe: (id: string) => void;
}) {
  const hydrated = useHydrated();
  const me = members.find((m) => m.id === meId);
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={field.id}>
          Assignee <span className="font-normal text-slate-500">(optional)</span>
        </Label>
        {hydrated && me && field.value !== me.id ? (
          <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={() => onAssignToMe(me.id)}>
            <UserRoundCheck aria-hidden />
            Assign to me
          </Button>
        ) : null}
      </div>
      <NativeSelect {...getSelectProps(field)} key={field.key}>
        <option value="">Unassigned</option>
        {members.length > 0 ? (
          <optgroup label="Team">
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id === meId ? `${m.name} (me)` : m.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        <option value={OUTSIDE_ASSIGNEE}>Someone outside the team…</option>
      </NativeSelect>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * The outside person's name and contact note: shown once "Someone outside the team…" is chosen, and always without
 * JavaScript (then used when no member is chosen).
 */
export function OutsideAssigneeFields({
  choice,
  name,
  contact,
}: {
  /** The assignee select's value. */
  choice: Field;
  name: Field;
  contact: Field;
}) {
  const hydrated = useHydrated();
  if (hydrated && choice.value !== OUTSIDE_ASSIGNEE) return null;
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
      <legend className="px-1 text-xs font-medium text-slate-500">
        {hydrated ? "Outside the team" : "Or someone outside the team (vendor, freelance crew)"}
      </legend>
      <div className="grid gap-1.5">
        <Label htmlFor={name.id}>Outside person</Label>
        <Input
          {...getInputProps(name, { type: "text" })}
          key={name.key}
          placeholder="PowerCo Generators"
          autoComplete="off"
        />
        <FieldError id={name.errorId} errors={name.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={contact.id}>
          Contact note <span className="font-normal text-slate-500">(optional)</span>
        </Label>
        <Input
          {...getInputProps(contact, { type: "text" })}
          key={contact.key}
          placeholder="Dana, 07700 900123"
          autoComplete="off"
        />
        <FieldError id={contact.errorId} errors={contact.errors} />
      </div>
    </fieldset>
  );
}
