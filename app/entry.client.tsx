import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { preloadSignedOutLanding } from "./components/signed-out-landing";

// Remix's default client entry, except that a page showing the lazily loaded landing page fetches it first
// (see app/components/signed-out-landing.tsx); if that fails, React loads it again while hydrating.
preloadSignedOutLanding()
  .catch(() => undefined)
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    });
  });
