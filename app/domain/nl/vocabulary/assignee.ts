/** Word lists of the assignee reader (see assignee.ts). */

/** Words before an @handle that make it part of the sentence rather than a tag. */
export const EMBEDDING_WORDS = new Set(
  (
    "to with from cc ask ping tell remind email call text message dm thank thanks and or of about via help let " +
    "loop brief invite inform notify update contact chase nudge check sync meet tag introduce"
  ).split(" "),
);

/** Markers that assign nobody else: "assign to me", "owner: TBD". */
export const SELF_WORDS = new Set(["me", "myself", "tbd", "tbc", "nobody", "none", "unassigned"]);
/** Words after a marker that are not a person: "assign it to the team". */
export const NOT_HANDLES = new Set(["the", "a", "an", "of", "it", "this", "that", "team", "someone", "somebody", "them", "us"]);
