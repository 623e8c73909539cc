import { groupTimezones } from "~/domain/dates";

/** A timezone select's options, grouped by region, with `current` listed even when the runtime lacks it. */
export function TimezoneOptions({ zones, current }: { zones: readonly string[]; current: string }) {
  return groupTimezones(zones, current).map((group) => (
    <optgroup key={group.region} label={group.region}>
      {group.zones.map((zone) => (
        <option key={zone.value} value={zone.value}>
          {zone.label}
        </option>
      ))}
    </optgroup>
  ));
}
