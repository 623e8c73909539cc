import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AnalyticsPage } from "~/components/analytics/analytics-page";
import { Landing } from "~/components/landing";
import { getShellPageAuth, shellUserOnce } from "~/http/auth.server";
import { localDay, pageCachingHeaders, pageDataRead, throwIfCurrent } from "~/http/conditional.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { getAnalytics } from "~/services/analytics.server";
import { readTogether, withActor } from "~/services/context.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Analytics" : null);

export const shouldRevalidate = keepLandingAfterSignup;

export const headers = pageCachingHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const ctx = withActor(context, auth);
  // The shell's caller is read with the figures (one round trip), or first when the request asks if its copy is current.
  const shell = shellUserOnce(auth);
  // A client navigation's data is reused while the version (the tasks counted), the caller (the plan's tier says
  // which figures show; the timezone) and the shell's caller (unread count included) hold, and the local day, which
  // moves the charts' window.
  const cached = pageDataRead(ctx, request, [shell, localDay(ctx)]);
  await throwIfCurrent(cached);
  const [analytics, shellCaller] = await readTogether(ctx, () => [getAnalytics(ctx), shell()]);
  return data({ signedIn: true as const, user: shellCaller, analytics }, { headers: await cached?.headers() });
}

export default function AnalyticsRoute() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) return <Landing />;
  return <AnalyticsPage user={data.user} analytics={data.analytics} />;
}
