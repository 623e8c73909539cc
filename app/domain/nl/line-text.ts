/**
 * One task line while the rules engine reads it. Extractors see `text`: the line with quoted text
 * masked (so nothing inside quotes is read as a date, priority, name…) and understood phrases blanked
 * out. Both keep every character at its original index, so spans found in `text` map straight back
 * onto `original`, from which the title is rebuilt.
 */

/** Straight or curly double quotes, balanced on one line (an opening curly quote does not nest). */
const QUOTED_RE = /"[^"\n]*"|“[^“”\n]*”/g;
/** Stands in for quoted characters: not a letter, digit or space, so no rule matches across it. */
const MASK_CHAR = "_";

export class LineText {
  readonly original: string;
  private working: string;
  private readonly removed: Uint8Array;

  constructor(original: string) {
    this.original = original;
    this.removed = new Uint8Array(original.length);
    this.working = original.replace(QUOTED_RE, (quoted) =>
      quoted.length > 2 ? quoted[0] + MASK_CHAR.repeat(quoted.length - 2) + quoted[quoted.length - 1] : quoted,
    );
  }

  /** The line as extractors read it: quotes masked, removed spans turned into spaces. */
  get text() {
    return this.working;
  }

  /** Marks `[start, end)` as understood: it leaves the title and later rules no longer see it. */
  remove(start: number, end: number) {
    const from = Math.max(0, start);
    const to = Math.min(this.original.length, end);
    if (to <= from) return;
    this.removed.fill(1, from, to);
    this.working = this.working.slice(0, from) + " ".repeat(to - from) + this.working.slice(to);
  }

  /** True when nothing before `index` is left in the title (something understood may have preceded it). */
  isAtStart(index: number) {
    return this.working.slice(0, index).trim() === "";
  }

  /** The original characters that were not removed; removed ones become spaces. */
  kept() {
    let out = "";
    for (let i = 0; i < this.original.length; i++) out += this.removed[i] ? " " : this.original[i];
    return out;
  }
}
