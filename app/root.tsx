import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect } from "react";
import { ActivityTracker } from "./components/activity-tracker";
import { FlashToast } from "./components/flash";
import { Logo } from "./components/logo";
import { Toaster } from "./components/toaster";
import { buttonVariants } from "./components/ui/button";
import { readOidcConfig } from "./integrations/identity/oidc";
import { readStripeConfig } from "./integrations/stripe/config";
import { readToast } from "./http/toast.server";
import { pageMeta } from "./lib/meta";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => pageMeta(null);

/**
 * What this server has configured: identity sign-in (the landing page offers Sign In only then) and billing
 * (plan buttons work only then); and the flash a Post/Redirect/Get left, read once here for every page.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) => {
  const { toast, headers } = readToast(request);
  return data(
    {
      signInEnabled: readOidcConfig(context.env) !== null,
      billingEnabled: readStripeConfig(context.env) !== null,
      toast,
    },
    { headers },
  );
};

/**
 * Configuration does not change while the app runs; a flash only arrives with a redirect after a form post, so
 * the root reloads after submissions only.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && defaultShouldRevalidate;

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React runs: browser tests wait for it, and the `unhydrated:` variant (app/tailwind.css)
  // shows controls that need JavaScript from then on.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <Toaster>
      <FlashToast />
      <ActivityTracker />
      <Outlet />
    </Toaster>
  );
}

const errorCopy: Record<number, { title: string; text: string }> = {
  403: { title: "Request refused", text: "That form was sent from another site, so Cueboard did not act on it." },
  404: { title: "Page not found", text: "We couldn't find that page. It may have moved, or the link may be mistyped." },
};

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const copy = errorCopy[status] ?? { title: "Something went wrong", text: "Please try again in a moment." };
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main className="mx-auto flex max-w-lg flex-1 flex-col items-center justify-center px-6 py-24 text-center">
        <p className="text-sm font-semibold text-brand-600">Error {status}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{copy.title}</h1>
        <p className="mt-3 text-slate-600">{copy.text}</p>
        <a href="/" className={buttonVariants({ className: "mt-8" })}>
          Back to Cueboard
        </a>
      </main>
    </div>
  );
}
