/**
 * What a response says about its own D1 work, read from its headers for the bench (scripts/bench.mjs):
 * a `Server-Timing` entry named `d1` (issue 15 asks for `d1;desc="N round trips";dur=…`) and, if present, an
 * `x-d1-rows-read` header. Parsed generically, so a route that reports more (rows read, queries) in the entry's
 * description or as its own parameters is read too; anything absent is null, shown as "n/a".
 */

/**
 * Splits a Server-Timing header into its entries (RFC: `name;dur=12.3;desc="text", name2`): each entry's name
 * and its parameters, `dur` as a number, quoted values unquoted. Commas inside quotes do not split entries.
 */
export function parseServerTiming(header) {
  if (!header) return [];
  const entries = [];
  for (const part of splitOutsideQuotes(header, ",")) {
    const [name, ...params] = splitOutsideQuotes(part, ";").map((s) => s.trim());
    if (!name) continue;
    const entry = { name, params: {} };
    for (const param of params) {
      const eq = param.indexOf("=");
      const key = (eq === -1 ? param : param.slice(0, eq)).trim().toLowerCase();
      if (!key) continue;
      let value = eq === -1 ? "" : param.slice(eq + 1).trim();
      if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
        value = value.slice(1, -1).replace(/\\(.)/g, "$1");
      }
      entry.params[key] = value;
    }
    if (entry.params.dur !== undefined && Number.isFinite(Number(entry.params.dur)))
      entry.dur = Number(entry.params.dur);
    if (entry.params.desc !== undefined) entry.desc = entry.params.desc;
    entries.push(entry);
  }
  return entries;
}

function splitOutsideQuotes(text, separator) {
  const parts = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\" && quoted && i + 1 < text.length) {
      current += c + text[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === separator && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts;
}

/** The first number in `text` that the given word follows ("3 round trips", "120 rows read"), or null. */
function countBefore(text, words) {
  if (!text) return null;
  const match = new RegExp(`(\\d+(?:\\.\\d+)?)\\s*(?:${words})`, "i").exec(text);
  return match ? Number(match[1]) : null;
}

/** The first of the parameters that holds a number, or null. */
function numberParam(params, names) {
  for (const name of names) {
    const value = Number(params[name]);
    if (params[name] !== undefined && params[name] !== "" && Number.isFinite(value)) return value;
  }
  return null;
}

/**
 * The D1 figures of one response: round trips (batches sent to D1), queries (statements), rows read and D1's
 * time in ms, each null when the response does not say. `headers` is a fetch `Headers` or a plain object.
 */
export function d1Stats(headers) {
  const get = (name) =>
    typeof headers?.get === "function"
      ? headers.get(name)
      : (Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1] ?? null);
  const entry = parseServerTiming(get("server-timing")).find((e) => e.name.toLowerCase() === "d1");
  const params = entry?.params ?? {};
  const desc = entry?.desc ?? "";
  const rowsHeader = Number(get("x-d1-rows-read"));
  return {
    roundTrips: entry
      ? (numberParam(params, ["trips", "round_trips", "roundtrips", "count"]) ??
        countBefore(desc, "round[ -]?trips?|batch(?:es)?"))
      : null,
    queries: entry
      ? (numberParam(params, ["queries", "statements"]) ?? countBefore(desc, "quer(?:y|ies)|statements?"))
      : null,
    rowsRead:
      get("x-d1-rows-read") !== null && Number.isFinite(rowsHeader)
        ? rowsHeader
        : entry
          ? (numberParam(params, ["rows", "rows_read", "rowsread"]) ?? countBefore(desc, "rows?"))
          : null,
    durMs: entry?.dur ?? null,
  };
}

/** Averages one field over samples, ignoring nulls; null when no sample had it. */
export function meanOf(samples, field) {
  const values = samples.map((s) => s[field]).filter((v) => typeof v === "number");
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}
