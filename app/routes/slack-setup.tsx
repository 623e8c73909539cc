import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Landing } from "~/components/landing";
import { SlackSetupPage } from "~/components/slack/slack-setup-page";
import { digestSettingsSchema, slackCredentialsSchema } from "~/domain/slack-schemas";
import { captureSettingsSchema, describeCapture } from "~/domain/slack-capture";
import { describeDigest } from "~/domain/slack-setup";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { withActor } from "~/services/context.server";
import { updateCaptureEmoji } from "~/services/slack/capture.server";
import { updateDigestSettings } from "~/services/slack/digest.server";
import { getSlackOverview } from "~/services/slack/overview.server";
import { getSlackManifest, saveSlackCredentials, testSlackConnection } from "~/services/slack/setup.server";

/**
 * The setup wizard's steps on one page: where 'Add to Slack' leads without JavaScript, and where the Chat
 * Integration card's forms post without it. With JavaScript those forms call the JSON API instead.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Slack setup" : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const ctx = withActor(context, auth);
  const { origin } = new URL(request.url);
  return data({
    signedIn: true as const,
    slack: await getSlackOverview(ctx, origin),
    user: await shellUser(auth),
    // Only owners set Slack up; the manifest names this workspace's endpoints.
    manifest: auth.role === "owner" ? JSON.stringify(getSlackManifest(ctx, origin), null, 2) : null,
  });
}

/** The page's digest form sends every field: a cleared channel means none, an unticked box means off. */
const digestFormSchema = digestSettingsSchema.required({ time: true });

/** Every form here ends in Post/Redirect/Get back to this page, its outcome shown once as a toast. */
export const action = pageAction(
  {
    credentials: intent({
      schema: slackCredentialsSchema,
      title: "Setup Failed",
      failed: "Failed to save Slack credentials. Please try again.",
      run: async ({ ctx, value }) => {
        await saveSlackCredentials(ctx, value);
        return {
          toast: {
            title: "Slack Setup Complete",
            description: "Now click 'Add to Slack' to connect Cueboard to your Slack workspace.",
            variant: "success",
          },
        };
      },
    }),
    test: intent({
      schema: z.object({}),
      title: "Connection Test Failed",
      failed: "Please check your Slack app configuration.",
      run: async ({ ctx }) => {
        const { team } = await testSlackConnection(ctx);
        return {
          toast: { title: "Connection Test Successful", description: `Cueboard is connected to ${team}.`, variant: "success" },
        };
      },
    }),
    digest: intent({
      schema: digestFormSchema,
      title: "Digest Not Saved",
      failed: "Failed to save the digest settings. Please try again.",
      run: async ({ ctx, value }) => {
        const saved = await updateDigestSettings(ctx, { ...value, channel: value.channel ?? null, enabled: value.enabled ?? false });
        return { toast: { title: "Digest Settings Saved", description: describeDigest(saved), variant: "success" } };
      },
    }),
    capture: intent({
      schema: captureSettingsSchema,
      title: "Capture Emoji Not Saved",
      failed: "Failed to save the capture emoji. Please try again.",
      run: async ({ ctx, value }) => {
        const saved = await updateCaptureEmoji(ctx, value);
        return { toast: { title: "Capture Emoji Saved", description: describeCapture(saved.emoji), variant: "success" } };
      },
    }),
  },
  { signedOutTo: "/slack-setup" },
);

export default function SlackSetupRoute() {
  const loaderData = useLoaderData<typeof loader>();
  if (!loaderData.signedIn) return <Landing />;
  return <SlackSetupPage {...loaderData} />;
}
