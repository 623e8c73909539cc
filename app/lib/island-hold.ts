import { lightLinkNavigation } from "./light-links";

/**
 * The part of an island (app/components/island.tsx) that loads with the page: the server's HTML of a part whose code
 * has not loaded, left as React found it, and held. A click or a submit there that needs the code is held until it
 * comes; the hand-over to the live part (what the visitor typed, the focus, the held actions replayed) loads with that
 * code (./island-swap.ts), so the page's first load carries only this.
 */

function isPlainObject(value: object) {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Whether two values hold the same data: equal primitives, or arrays and plain objects with the same contents. A
 * loader's data comes back as new objects on every revalidation; an island's HTML is stale only when what they hold
 * changed. Anything else (a function, a date, a class instance) is the same only when it is the same object: at
 * worst an island loads its code for nothing.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  const other = b as Record<string, unknown>;
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && sameData((a as Record<string, unknown>)[key], other[key]))
  );
}

/** A click or a submit held until the island's code came, on the static HTML's elements. */
export type HeldAction<E = HTMLElement> =
  { type: "click"; target: E } | { type: "submit"; form: E; submitter: E | null };

/**
 * `held` with `action` added: a second click on the same control (or submit of the same form) while the code loads
 * is the same wish, made again, and is replayed once; the live controls say when they are busy.
 */
export function holdAction<E>(held: readonly HeldAction<E>[], action: HeldAction<E>): HeldAction<E>[] {
  const last = held[held.length - 1];
  const again =
    last?.type === "click"
      ? action.type === "click" && action.target === last.target
      : last?.type === "submit" && action.type === "submit" && action.form === last.form;
  return again ? [...held] : [...held, action];
}

/** Controls whose clicks the browser completes without our code (their state is carried over); buttons are not. */
const NATIVE = "input:not([type=submit], [type=image], [type=button], [type=reset]), select, textarea, label, summary";

function closestHtml(node: Element): HTMLElement | null {
  for (let at: Element | null = node; at; at = at.parentElement) if (at instanceof HTMLElement) return at;
  return null;
}

/**
 * The element a click inside the static HTML should be held for and replayed on, or null when the browser completes
 * it by itself: a form field, a label or a disclosure's summary (their state is carried over), a click that is not a
 * plain one, or a link the browser opens elsewhere (a new tab, a download, another site: `lightLinkNavigation`'s
 * rules). A plain click on a link of this app is held like a button's: the live link may open a dialog, keep the
 * scroll or load the whole document, which the static anchor alone would not know.
 */
function heldClickTarget(event: MouseEvent): HTMLElement | null {
  const target = event.target;
  if (!(target instanceof Element) || event.defaultPrevented || event.button !== 0) return null;
  const anchor = target.closest("a[href]");
  if (anchor instanceof HTMLAnchorElement) {
    const facts = { href: anchor.href, target: anchor.target, download: anchor.hasAttribute("download") };
    return lightLinkNavigation(event, facts, new URL(window.location.href)) ? anchor : null;
  }
  return target.closest(NATIVE) ? null : closestHtml(target);
}

/** Does a held action on the static HTML, as the browser would without JavaScript: follows, submits, posts. */
function doNatively(action: HeldAction) {
  if (action.type === "click") action.target.click();
  else if (action.form instanceof HTMLFormElement) action.form.requestSubmit(action.submitter);
}

/**
 * Holds `root` (the static HTML) until its code has loaded: the first pointer, touch or focus inside starts the load
 * (`wake`, also called when the part's data changed), and a click or a submit that needs the code is held (stopped
 * before the page's listeners see it) and starts it too. Once loaded, `goLive` swaps in the live part and returns its
 * root, and ./island-swap.ts carries over what the visitor changed and replays the held actions there. If the code
 * does not come, the held actions happen on the static HTML as they would without JavaScript (links followed, forms
 * posted), and the next interaction tries again. `stop` ends the holding (the island unmounts or went live).
 */
export function holdStatic(root: HTMLElement, load: () => Promise<unknown>, goLive: () => HTMLElement | null) {
  // Read now, to tell at the swap which disclosures the visitor toggled.
  const openAtStart = new Map([...root.querySelectorAll("details")].map((details) => [details, details.open]));
  let held: HeldAction[] = [];
  let loading = false;
  let stopped = false;
  let passThrough = false;

  const wake = () => {
    if (loading || stopped) return;
    loading = true;
    Promise.all([import("./island-swap"), load()]).then(
      ([{ swapIn }]) => {
        if (stopped) return;
        const actions = held;
        stop();
        swapIn(root, { held: actions, openAtStart }, goLive);
      },
      () => {
        loading = false;
        const actions = held;
        held = [];
        passThrough = true;
        try {
          actions.forEach(doNatively);
        } finally {
          passThrough = false;
        }
      },
    );
  };
  const hold = (event: Event, action: HeldAction) => {
    event.preventDefault();
    event.stopPropagation();
    held = holdAction(held, action);
    wake();
  };
  const onClick = (event: MouseEvent) => {
    const target = passThrough ? null : heldClickTarget(event);
    if (target) hold(event, { type: "click", target });
  };
  const onSubmit = (event: SubmitEvent) => {
    if (!passThrough && event.target instanceof HTMLFormElement) {
      hold(event, { type: "submit", form: event.target, submitter: event.submitter });
    }
  };

  const wakers = ["pointerover", "focusin", "touchstart"] as const;
  for (const type of wakers) root.addEventListener(type, wake, { passive: true });
  root.addEventListener("click", onClick, true);
  root.addEventListener("submit", onSubmit, true);
  function stop() {
    stopped = true;
    for (const type of wakers) root.removeEventListener(type, wake);
    root.removeEventListener("click", onClick, true);
    root.removeEventListener("submit", onSubmit, true);
  }
  return { wake, stop };
}
