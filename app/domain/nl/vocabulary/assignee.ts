/** Word lists of the assignee reader (see assignee.ts). */

/** Words before an @handle that make it part of the sentence rather than a tag. */
export const EMBEDDING_WORDS = new Set(
  (
    "to with from cc ask ping tell remind email call text message dm thank thanks and or of about via help let " +
    "loop brief invite inform notify update contact chase nudge check sync meet tag introduce"
  ).split(" "),
);

/** Markers that name the writer: "assign to me" (kept as "me"; the task service reads it as the author). */
export const SELF_WORDS = new Set(["me", "myself"]);
/** Markers that assign nobody: "owner: TBD". */
export const NOBODY_WORDS = new Set(["tbd", "tbc", "nobody", "none", "unassigned"]);
/** Words after a marker that are not a person: "assign it to the team". */
export const NOT_HANDLES = new Set([
  "the",
  "a",
  "an",
  "of",
  "it",
  "this",
  "that",
  "team",
  "someone",
  "somebody",
  "them",
  "us",
]);
