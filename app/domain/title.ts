/**
 * The normalised form of a task title used to detect duplicates: case-folded, trimmed, inner
 * whitespace collapsed, punctuation and symbols (emoji included) at either end dropped.
 * "  Book the  shuttle buses!! 🚌" and "book the shuttle buses" are the same task.
 *
 * Punctuation inside a title is kept: "Set up AV: day 1" and "Set up AV day 1" stay distinct, because
 * inner marks can carry meaning ("Print v2.0 badges" vs "Print v20 badges", "Call 555-0100").
 */
export function normalizeTitle(title: string) {
  return (
    title
      .normalize("NFKC")
      // Invisible characters (zero-width spaces, joiners, soft hyphens, emoji variation selectors and
      // keycap marks) make identical-looking titles differ, typically after a copy from chat.
      .replace(/[\p{Cf}\uFE00-\uFE0F\u20E3]/gu, "")
      // Upper then lower approximates full case folding: "Straße" and "STRASSE" meet at "strasse".
      .toUpperCase()
      .toLowerCase()
      .normalize("NFKC")
      .replace(/\s+/gu, " ")
      .replace(/^[\p{P}\p{S}\s]+|(?<![\p{P}\p{S}\s])[\p{P}\p{S}\s]+$/gu, "")
  );
}
