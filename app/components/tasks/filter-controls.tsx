import { NativeSelect } from "~/components/ui/native-select";

/*
 * The list's filter controls that the dashboard's Recent Tasks shares with the tasks page's filter bar
 * (task-filters.tsx): apart, so the dashboard does not load the bar's search, sort and grouping.
 */

/** One filter dropdown: "All …" first, then the values; an empty value leaves the filter off. */
export function FilterSelect({
  name,
  label,
  allLabel,
  value,
  options,
  format = (option) => option,
}: {
  name: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  options: readonly string[];
  format?: (option: string) => string;
}) {
  return (
    <NativeSelect name={name} defaultValue={value ?? ""} aria-label={label}>
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {format(option)}
        </option>
      ))}
    </NativeSelect>
  );
}

/** 'My tasks': a native checkbox in the filter form (`mine=1`), so it filters with or without JavaScript. */
export function MyTasksToggle({ checked }: { checked: boolean }) {
  return <FilterToggle name="mine" label="My tasks" checked={checked} />;
}

/** An on/off filter as a native checkbox in the filter form (`name=1`), so it works without JavaScript. */
export function FilterToggle({ name, label, checked }: { name: "mine" | "risk"; label: string; checked: boolean }) {
  return (
    <label className="flex h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-800 shadow-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
      <input type="checkbox" name={name} value="1" defaultChecked={checked} className="size-4 accent-brand-600" />
      {label}
    </label>
  );
}
