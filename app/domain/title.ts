/**
 * The normalised form of a task title used to detect duplicates: case-folded, trimmed, inner
 * whitespace collapsed, punctuation at either end dropped. "  Book the  shuttle buses!! " and
 * "book the shuttle buses" are the same task.
 */
export function normalizeTitle(title: string) {
  return title
    .normalize("NFKC")
    .toLocaleLowerCase("en")
    .replace(/\s+/gu, " ")
    .trim()
    .replace(/^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu, "");
}
