import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type CSSProperties } from "react";
import { flushSync } from "react-dom";
import { holdStatic, sameData } from "~/lib/island-hold";
import { useKeptHtml } from "~/lib/kept-html";
import { useHydrated } from "~/lib/use-hydrated";

/** The wrapper takes no box of its own: the part lays out as if it stood in its parent. */
const CONTENTS: CSSProperties = { display: "contents" };
/** React 18 neither hydrates nor touches the children of an element with this (see `island`). */
const SERVER_HTML = { __html: "" };

export interface Island<P> {
  (props: P): JSX.Element;
  /** Loads the part's code (once); resolves with the component. */
  load: () => Promise<ComponentType<P>>;
}

/**
 * A server-rendered part of a page whose code loads on first interaction, not with the page (issue 15; see
 * docs/decisions/023-javascript-budget.md, "Fourth round: islands"). `importComponent` imports the component; call
 * `island` at module level, once per part, and render the result with the component's props.
 *
 * - On the server it renders the component in full (the server waits for every Suspense boundary), inside a
 *   `<div data-island={name}>` that takes no box.
 * - Hydrating without the code, it renders that div with an empty `dangerouslySetInnerHTML`: React 18.3 then leaves
 *   the server's HTML inside untouched (it neither hydrates nor deletes a host element's children when that prop is
 *   set, and compares the HTML only for a development warning, which `suppressHydrationWarning` silences). The page
 *   is interactive at once; the part is plain HTML until the first pointer, touch or focus inside it, or until its
 *   props' data differ from the server's (its HTML is then stale, and stays until the code comes). Clicks and
 *   submits made meanwhile are held and replayed on the live part, typed text and focus carried over
 *   (app/lib/island-hold.ts, island-swap.ts). The live part replaces the static one whole (another key), in place.
 * - Rendered in the browser (a client-side navigation), it renders the component at once when its code is there,
 *   and otherwise behind Suspense; the route that shows it starts `load` with its data (see app/routes/dashboard.tsx).
 *
 * Whether it is being hydrated is `useHydrated()` on its first render, kept for the instance's life: false exactly
 * while React hydrates this instance, whether with the page, in a Suspense boundary hydrated later, or never (a
 * render in the browser after a hydration error, which has no server HTML left to keep).
 *
 * Why not `React.lazy` alone: a server-rendered boundary still waiting for its code when a context above it changes
 * (a router update, a live message) is client-rendered from its fallback or holds that update back. Pass the part
 * its data as props: data it reads itself from a hook above (a live message, another route's loader) changes
 * nothing in the static HTML and wakes nothing.
 *
 * With `keepHtml`, the server keeps the part's HTML from one render to the next (app/lib/kept-html.server.ts) and
 * writes it again, without rendering the part, while its props (as JSON) and its place in the tree are the same.
 * Only for a part whose server HTML is a function of its props alone: one that reads no loader data, no address
 * and no clock of its own. Action data is allowed: nothing is kept or written kept in the answer to a form post.
 */
export function island<P extends object>(
  name: string,
  importComponent: () => Promise<ComponentType<P>>,
  { keepHtml = false }: { keepHtml?: boolean } = {},
): Island<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const load = () =>
    (loading ??= importComponent().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // The next interaction (or render) tries again.
        loading = undefined;
        throw error;
      },
    ));
  // Typed as the component it loads (TypeScript cannot relate a lazy component's props to a generic P).
  const Lazy = lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;

  function Live(props: P) {
    // Chosen once: switching between the two would remount the part.
    const Component = useRef(loaded ?? Lazy).current;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }

  function Island(props: P) {
    const hydrated = useHydrated();
    const [live, setLive] = useState(() => typeof document === "undefined" || hydrated || loaded !== undefined);
    const [serverProps] = useState(props);
    const wrapper = useRef<HTMLDivElement>(null);
    const wake = useRef<() => void>();
    const kept = useKeptHtml(keepHtml ? `<div data-island="${name}"` : null, props);

    useEffect(() => {
      const root = wrapper.current;
      if (live || !root) return;
      const holding = holdStatic(root, load, () => {
        flushSync(() => setLive(true));
        return wrapper.current;
      });
      wake.current = holding.wake;
      return holding.stop;
    }, [live]);

    useEffect(() => {
      if (!live && !sameData(props, serverProps)) wake.current?.();
    });

    if (kept !== undefined) {
      return <div key="live" data-island={name} style={CONTENTS} dangerouslySetInnerHTML={{ __html: kept }} />;
    }
    return live ? (
      <div key="live" ref={wrapper} data-island={name} style={CONTENTS}>
        <Live {...props} />
      </div>
    ) : (
      <div
        key="static"
        ref={wrapper}
        data-island={name}
        style={CONTENTS}
        dangerouslySetInnerHTML={SERVER_HTML}
        suppressHydrationWarning
      />
    );
  }

  return Object.assign(Island, { load });
}
