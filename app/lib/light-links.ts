import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Links that cost nothing per link to render: plain anchors marked `data-light-link`, whose clicks one listener on
 * the document (`useLightLinks`, in the root) turns into client-side navigations, as Remix's `Link` would.
 *
 * Each `Link` runs a dozen hooks on every render (resolving its path against the route's matches twice, its prefetch
 * behaviour, its click handler); a list of 60 task cards spent about half a millisecond of the Worker's CPU on them
 * per page (docs/decisions/028-cpu-per-request.md). For links to a fixed absolute path (a task's page), a plain
 * anchor says the same thing. Without JavaScript, and before hydration, it is an ordinary link either way.
 */
export const LIGHT_LINK = "data-light-link";

/** The attributes that make an anchor a light link. */
export const lightLink = { [LIGHT_LINK]: "" } as const;

export interface ClickFacts {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}

export interface AnchorFacts {
  /** The anchor's resolved URL (`HTMLAnchorElement.href`). */
  href: string;
  target: string;
  download: boolean;
}

/**
 * Where a click on a light link should take the app, or null when the browser should handle it: a click already
 * handled, another button, a modifier (new tab, new window, download), a target other than this window, a download,
 * or another origin. Like `Link`, a link to the page already shown replaces the history entry rather than adding one.
 */
export function lightLinkNavigation(click: ClickFacts, anchor: AnchorFacts, current: URL) {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.download) return null;
  const url = new URL(anchor.href, current);
  if (url.origin !== current.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return { path, replace: path === `${current.pathname}${current.search}${current.hash}` };
}

/** Listens for clicks on light links, once, for the whole document (see `LIGHT_LINK`). */
export function useLightLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest(`a[${LIGHT_LINK}]`) : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const to = lightLinkNavigation(
        event,
        { href: anchor.href, target: anchor.target, download: anchor.hasAttribute("download") },
        new URL(window.location.href),
      );
      if (!to) return;
      event.preventDefault();
      navigate(to.path, { replace: to.replace });
    };
    // After React's own listener on the document (registered when the page hydrated), so a handler inside the
    // link that prevents the default is seen.
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
