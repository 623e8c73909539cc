import { lazy, Suspense } from "react";

const Landing = lazy(() => import("./landing").then((m) => ({ default: m.Landing })));

/**
 * The landing page as the workspace routes show it to signed-out visitors. Loaded on demand so signed-in
 * producers never download the signup form and its validation code. The server waits for it to render
 * (app/entry.server.tsx awaits allReady), so the HTML is complete without JavaScript; in the browser React
 * keeps that HTML until the chunk arrives and then hydrates it.
 */
export function SignedOutLanding() {
  return (
    <Suspense fallback={null}>
      <Landing />
    </Suspense>
  );
}
