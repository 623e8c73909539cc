import type { HeldAction } from "./island-hold";

/**
 * The hand-over from an island's static HTML to its live part (app/components/island.tsx), loaded with the part's
 * code: what the browser did by itself meanwhile (typing, ticking, choosing, folding a disclosure) and the focus are
 * carried over, and the held clicks and submits replayed, each on the live element at the same place.
 */

/** An element as a path reads it: where it sits among its parent's element children. */
export interface PathElement {
  readonly parentElement: PathElement | null;
  readonly children: ArrayLike<PathElement>;
}

/**
 * Where `node` sits under `root`: its index among its parent's element children at each level down, or null when it
 * is not under `root`. Elements only: the server's HTML holds comments (Suspense's markers, `<!-- -->` between two
 * texts) that a render in the browser does not, and the elements are the same in both.
 */
export function elementPath(root: PathElement, node: PathElement): number[] | null {
  const path: number[] = [];
  for (let at = node; at !== root;) {
    const parent = at.parentElement;
    if (!parent) return null;
    path.push(Array.prototype.indexOf.call(parent.children, at));
    at = parent;
  }
  return path.reverse();
}

/** The element at `path` under `root` (see `elementPath`), or null when there is none. */
export function elementAt<T extends PathElement>(root: T, path: readonly number[]): T | null {
  let at: PathElement | undefined = root;
  for (const index of path) at = at?.children[index];
  return (at as T | undefined) ?? null;
}

/** An element's place and tag: on the live side, the element at that place counts only with the same tag. */
interface Place {
  path: number[];
  tag: string;
}

interface FieldState extends Place {
  name: string;
  value?: string;
  checked?: boolean;
  selected?: boolean[];
}

type Selection = [number, number, "forward" | "backward" | "none"];

function placeOf(root: Element, element: Element | null): Place | null {
  const path = element ? elementPath(root, element) : null;
  return element && path ? { path, tag: element.tagName } : null;
}

function elementIn(root: Element, place: Place | null) {
  const element = place && elementAt(root, place.path);
  return element instanceof HTMLElement && element.tagName === place?.tag ? element : null;
}

/** The option a select shows until someone chooses: the last marked `selected`, or else the first enabled one. */
function defaultSelection(select: HTMLSelectElement): boolean[] {
  const options = [...select.options];
  if (select.multiple) return options.map((option) => option.defaultSelected);
  let index = -1;
  options.forEach((option, i) => {
    if (option.defaultSelected) index = i;
  });
  if (index < 0) index = options.findIndex((option) => !option.disabled);
  return options.map((_, i) => i === index);
}

/** A field's state when the visitor changed it from the HTML's own (before hydration or after), else null. */
function changedField(root: Element, field: Element): FieldState | null {
  const place = placeOf(root, field);
  if (!place) return null;
  if (field instanceof HTMLSelectElement) {
    const selected = [...field.options].map((option) => option.selected);
    const initial = defaultSelection(field);
    return selected.some((on, i) => on !== initial[i]) ? { ...place, name: field.name, selected } : null;
  }
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return null;
  const at = { ...place, name: field.name };
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    return field.checked !== field.defaultChecked ? { ...at, checked: field.checked } : null;
  }
  if (field instanceof HTMLInputElement && (field.type === "hidden" || field.type === "file")) return null;
  return field.value !== field.defaultValue ? { ...at, value: field.value } : null;
}

/**
 * Sets a field as the visitor would: through the element's own value setter (React's value tracking wraps the
 * instance's, so it sees a change) and the event React listens to, so a controlled field's state follows. Only when
 * the element at the field's place is a field with the same name.
 */
function restoreField(field: HTMLElement | null, state: FieldState) {
  if (field instanceof HTMLSelectElement) {
    const { options } = field;
    if (field.name !== state.name || state.selected?.length !== options.length) return;
    if (state.selected.every((on, i) => options[i].selected === on)) return;
    state.selected.forEach((on, i) => (options[i].selected = on));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  } else if (
    !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) ||
    field.name !== state.name
  ) {
    return;
  } else if (state.checked !== undefined) {
    // A click ticks it as the visitor did, and is the event React reads a checkbox's change from.
    if (field instanceof HTMLInputElement && field.checked !== state.checked) field.click();
  } else if (state.value !== undefined && field.value !== state.value) {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, state.value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/**
 * Swaps the static HTML under `root` for the live part (`goLive`, which returns the live root) and hands over: the
 * fields the visitor changed, the disclosures toggled since `openAtStart`, the focus and its selection, then the
 * held actions replayed (`click()`, or `requestSubmit` with the same submitter). All in one task, so nothing typed
 * falls between the reading and the writing.
 */
export function swapIn(
  root: HTMLElement,
  { held, openAtStart }: { held: HeldAction[]; openAtStart: Map<HTMLDetailsElement, boolean> },
  goLive: () => HTMLElement | null,
) {
  const fields = [...root.querySelectorAll("input, select, textarea")]
    .map((field) => changedField(root, field))
    .filter((state) => state !== null);
  const details = [...openAtStart]
    .filter(([element, open]) => element.open !== open)
    .map(([element]) => ({ place: placeOf(root, element), open: element.open }));
  const active = document.activeElement;
  const focus = active !== root ? placeOf(root, active) : null;
  const text = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active : null;
  // Null for input types without a selection (email, number…).
  const start = text?.selectionStart ?? null;
  const selection: Selection | null =
    text && start !== null ? [start, text.selectionEnd ?? start, text.selectionDirection ?? "none"] : null;
  const actions = held.map((action) =>
    action.type === "click"
      ? { type: action.type, target: placeOf(root, action.target) }
      : { type: action.type, form: placeOf(root, action.form), submitter: placeOf(root, action.submitter) },
  );

  const live = goLive();
  if (!live) return;
  for (const field of fields) restoreField(elementIn(live, field), field);
  for (const { place, open } of details) {
    const element = elementIn(live, place);
    if (element instanceof HTMLDetailsElement) element.open = open;
  }
  const focused = elementIn(live, focus);
  focused?.focus({ preventScroll: true });
  if (selection && (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement)) {
    focused.setSelectionRange(...selection);
  }
  for (const action of actions) {
    if (action.type === "click") {
      elementIn(live, action.target)?.click();
      continue;
    }
    const form = elementIn(live, action.form);
    const submitter = elementIn(live, action.submitter);
    if (!(form instanceof HTMLFormElement)) continue;
    const submits =
      (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
      submitter.form === form &&
      (submitter.type === "submit" || submitter.type === "image");
    form.requestSubmit(submits ? submitter : null);
  }
}
