import type { TaskFilters } from "~/domain/schemas";

/**
 * The filters as a query string (`?priority=high`), with extra values such as `new=1`; empty values left out.
 * Written as `URLSearchParams` writes it (`formEncode`), without one: a page builds several of these per render, and
 * in the Worker each `URLSearchParams` cost more than the rest of the page's links together.
 */
export function filterSearch(filters: TaskFilters, extra: Record<string, string> = {}) {
  let search = "";
  for (const [key, value] of Object.entries({ ...filters, ...extra })) {
    if (value) search += `${search ? "&" : "?"}${formEncode(key)}=${formEncode(value === true ? "1" : String(value))}`;
  }
  return search;
}

/** Characters `encodeURIComponent` leaves as they are and a form's encoding escapes, and the space it writes `+`. */
const FORM_ONLY = /[!'()~]|%20/g;

/** A name or value as `application/x-www-form-urlencoded` (and so `URLSearchParams`) writes it. */
export function formEncode(text: string) {
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    // A lone surrogate, which `encodeURIComponent` refuses and a form's encoding writes as U+FFFD.
    return new URLSearchParams({ k: text }).toString().slice(2);
  }
  return encoded.replace(FORM_ONLY, (c) => (c === "%20" ? "+" : `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
}

/** Whether the list is narrowed by any filter (its order, `sort` and `group`, narrows nothing). */
export function hasListFilters(filters: TaskFilters) {
  return Object.entries(filters).some(([key, value]) => key !== "sort" && key !== "group" && Boolean(value));
}
