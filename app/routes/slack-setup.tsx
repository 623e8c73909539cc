import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/landing";
import { SlackSetupPage } from "~/components/slack/slack-setup-page";
import { AppError } from "~/domain/errors";
import { digestSettingsSchema, slackCredentialsSchema } from "~/domain/slack-schemas";
import { describeDigest } from "~/domain/slack-setup";
import { clearFlashCookie, readFlash, redirectWithFlash } from "~/http/toast.server";
import { errorSummary } from "~/lib/log";
import { pageMeta } from "~/lib/meta";
import { getPageAuth, requirePageActionAuth, shellUser } from "~/http/auth.server";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { toastFromMessage, type ToastMessage } from "~/lib/toast";
import type { Auth } from "~/services/auth.server";
import { withActor } from "~/services/context.server";
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
  const auth = await getPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const flash = readFlash(request);
  return data(
    {
      signedIn: true as const,
      user: shellUser(auth),
      slack: await getSlackOverview(withActor(context, auth), new URL(request.url).origin),
      // Only owners set Slack up; the manifest names this workspace's endpoints.
      manifest: auth.role === "owner" ? JSON.stringify(getSlackManifest(withActor(context, auth), new URL(request.url).origin), null, 2) : null,
      flash,
    },
    flash ? { headers: { "Set-Cookie": clearFlashCookie(request) } } : undefined
  );
}

const setupFailed = (description: string): ToastMessage => ({
  title: "Setup Failed",
  description,
  variant: "destructive",
});

function logFailure(what: string, error: unknown) {
  console.error(`${what} failed: ${errorSummary(error)}`);
}

async function saveCredentials(
  context: ActionFunctionArgs["context"],
  auth: Auth,
  form: FormData
): Promise<ToastMessage> {
  const parsed = slackCredentialsSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return toastFromMessage(parsed.error.issues[0].message);
  try {
    await saveSlackCredentials(withActor(context, auth), parsed.data);
    return {
      title: "Slack Setup Complete",
      description: "Now click 'Add to Slack' to connect Cueboard to your Slack workspace.",
      variant: "success",
    };
  } catch (error) {
    if (error instanceof AppError) return setupFailed(error.message);
    logFailure("slack credentials save", error);
    return setupFailed("Failed to save Slack credentials. Please try again.");
  }
}

async function testConnection(context: ActionFunctionArgs["context"], auth: Auth): Promise<ToastMessage> {
  try {
    const { team } = await testSlackConnection(withActor(context, auth));
    return {
      title: "Connection Test Successful",
      description: `Cueboard is connected to ${team}.`,
      variant: "success",
    };
  } catch (error) {
    if (!(error instanceof AppError)) logFailure("slack connection test", error);
    return {
      title: "Connection Test Failed",
      description: error instanceof AppError ? error.message : "Please check your Slack app configuration.",
      variant: "destructive",
    };
  }
}

async function saveDigest(context: ActionFunctionArgs["context"], auth: Auth, form: FormData): Promise<ToastMessage> {
  const parsed = digestSettingsSchema.safeParse({
    channel: form.get("channel") ?? "",
    time: form.get("time") ?? "",
    // An unticked checkbox sends nothing: off.
    enabled: form.get("enabled") === "on",
  });
  if (!parsed.success) {
    return { title: "Digest Not Saved", description: parsed.error.issues[0].message, variant: "destructive" };
  }
  try {
    const saved = await updateDigestSettings(withActor(context, auth), parsed.data);
    return { title: "Digest Settings Saved", description: describeDigest(saved), variant: "success" };
  } catch (error) {
    if (error instanceof AppError)
      return { title: "Digest Not Saved", description: error.message, variant: "destructive" };
    logFailure("digest settings save", error);
    return {
      title: "Digest Not Saved",
      description: "Failed to save the digest settings. Please try again.",
      variant: "destructive",
    };
  }
}

/** Every form here ends in Post/Redirect/Get back to this page, its outcome shown once as a flash message. */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requirePageActionAuth(request, context, "/slack-setup");
  const form = await request.formData();
  let message: ToastMessage;
  switch (form.get("intent")) {
    case "credentials":
      message = await saveCredentials(context, auth, form);
      break;
    case "test":
      message = await testConnection(context, auth);
      break;
    case "digest":
      message = await saveDigest(context, auth, form);
      break;
    default:
      throw new Response("Unknown form", { status: 400 });
  }
  throw redirectWithFlash(request, "/slack-setup", message);
}

export default function SlackSetupRoute() {
  const loaderData = useLoaderData<typeof loader>();
  if (!loaderData.signedIn) return <Landing />;
  return <SlackSetupPage {...loaderData} />;
}
