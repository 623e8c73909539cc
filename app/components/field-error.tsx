import { CircleAlert } from "lucide-react";

/** A field's validation messages; its id is what the input's aria-describedby points at. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {errors.join(" ")}
    </p>
  );
}

/** Errors about the whole form (a duplicate, a failed save), announced when they appear. */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>{errors.join(" ")}</div>
    </div>
  );
}
