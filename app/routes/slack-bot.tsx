import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SlackBotPage } from "~/components/slack/slack-bot-page";
import { pageMeta } from "~/lib/meta";
import { getPageAuth } from "~/http/auth.server";

/** Public (spec route table): the same page signed in or out; only the call to action differs. */
export const meta: MetaFunction = () => pageMeta("Cueboard for Slack");

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { signedIn: (await getPageAuth(request, context)) !== null };
}

export default function SlackBotRoute() {
  const { signedIn } = useLoaderData<typeof loader>();
  return <SlackBotPage signedIn={signedIn} />;
}
