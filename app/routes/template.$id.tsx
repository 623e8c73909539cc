import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ComingWithWorkspace } from "~/components/coming-with-workspace";
import { Landing } from "~/components/landing";
import { getPageAuth, shellUser } from "~/lib/page-auth.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Template" : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getPageAuth(request, context);
  if (!auth) return { signedIn: false as const };
  return { signedIn: true as const, user: shellUser(auth) };
}

export default function TemplateRoute() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) return <Landing />;
  return (
    <ComingWithWorkspace user={data.user} title="Event templates">
      Ready-made task lists for festivals, conferences and tours arrive with the full workspace. For now, create tasks
      one by one on the Tasks page.
    </ComingWithWorkspace>
  );
}
