export interface TimezoneGroup {
  region: string;
  zones: { value: string; label: string }[];
}

/** The IANA zones this runtime knows; UTC is added because Intl's list leaves it out. */
export function supportedTimezones(): string[] {
  const list = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...list.filter((zone) => zone !== "UTC")];
}

/**
 * Zones grouped by region for a select, labelled in full (`Europe / London`: a closed select shows only the
 * option, not its group), in the order given. `current` is kept even when the list lacks it (an alias such as `Asia/Calcutta` a browser reported),
 * so saving the form never changes the timezone by accident.
 */
export function groupTimezones(zones: readonly string[], current: string): TimezoneGroup[] {
  const all = zones.includes(current) ? zones : [...zones, current];
  const groups = new Map<string, TimezoneGroup["zones"]>();
  for (const zone of all) {
    const slash = zone.indexOf("/");
    const region = slash === -1 ? "General" : zone.slice(0, slash);
    const label = zone.replace(/_/g, " ").replace(/\//g, " / ");
    const list = groups.get(region) ?? [];
    list.push({ value: zone, label });
    groups.set(region, list);
  }
  return [...groups].map(([region, list]) => ({ region, zones: list }));
}
