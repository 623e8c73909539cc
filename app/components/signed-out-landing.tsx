import { lazy, Suspense, type ComponentType } from "react";

const loadLanding = () => import("./landing");
const LazyLanding = lazy(() => loadLanding().then((m) => ({ default: m.Landing })));
/** The landing component once preloaded before hydration (app/entry.client.tsx). */
let PreloadedLanding: ComponentType | null = null;

/**
 * Called before hydration: when the server rendered the signed-out landing page, fetch its code first, so the
 * signup form is hydrated in the same pass as the rest of the page instead of staying inert for a moment.
 */
export async function preloadSignedOutLanding() {
  if (!document.querySelector("[data-signed-out-landing]")) return;
  PreloadedLanding = (await loadLanding()).Landing;
}

/**
 * The landing page as the workspace routes show it to signed-out visitors. Loaded on demand so signed-in
 * producers never download the signup form and its validation code. The server waits for it to render
 * (app/entry.server.tsx awaits allReady), so the HTML is complete without JavaScript.
 */
export function SignedOutLanding() {
  const Landing = PreloadedLanding ?? LazyLanding;
  return (
    <div data-signed-out-landing className="contents">
      <Suspense fallback={null}>
        <Landing />
      </Suspense>
    </div>
  );
}
