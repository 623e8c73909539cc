import type { TaskFilters } from "~/domain/schemas";

/** The filters as a query string (`?priority=high`), with extra values such as `new=1`; empty values left out. */
export function filterSearch(filters: TaskFilters, extra: Record<string, string> = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) {
    if (value) search.append(key, value === true ? "1" : String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : "";
}

/** Whether the list is narrowed by any filter (its order, `sort` and `group`, narrows nothing). */
export function hasListFilters(filters: TaskFilters) {
  return Object.entries(filters).some(([key, value]) => key !== "sort" && key !== "group" && Boolean(value));
}
