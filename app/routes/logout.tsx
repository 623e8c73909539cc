import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { assertPageSameOrigin } from "~/http/auth.server";
import { signOut } from "~/services/auth.server";
import { clearSessionCookie, requestToken } from "~/http/auth.server";

/** Sign Out: ends the session behind the cookie, clears it and goes home. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertPageSameOrigin(request);
  await signOut(context, { token: requestToken(request) });
  return redirect("/", { status: 303, headers: { "Set-Cookie": clearSessionCookie(request) } });
}

/** Nothing to show at /logout itself; signing out is a POST. */
export const loader = () => redirect("/");
