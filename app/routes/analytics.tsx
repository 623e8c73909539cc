import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AnalyticsPage } from "~/components/analytics/analytics-page";
import { Landing } from "~/components/landing";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { getAnalytics } from "~/services/analytics.server";
import { withActor } from "~/services/context.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Analytics" : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return { signedIn: false as const };
  const analytics = await getAnalytics(withActor(context, auth));
  return { signedIn: true as const, user: await shellUser(auth), analytics };
}

export default function AnalyticsRoute() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) return <Landing />;
  return <AnalyticsPage user={data.user} analytics={data.analytics} />;
}
