import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ComingWithWorkspace } from "~/components/coming-with-workspace";
import { Landing } from "~/components/landing";
import { getPageAuth, shellUser } from "~/lib/page-auth.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Analytics" : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getPageAuth(request, context);
  if (!auth) return { signedIn: false as const };
  return { signedIn: true as const, user: shellUser(auth) };
}

export default function AnalyticsRoute() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) return <Landing />;
  return (
    <ComingWithWorkspace user={data.user} title="Analytics">
      Charts of weekly progress, tasks by category and priority arrive with the full workspace. Until then the dashboard
      shows your live task counts and completion.
    </ComingWithWorkspace>
  );
}
