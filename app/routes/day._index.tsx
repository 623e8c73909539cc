import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPageAuth } from "~/http/auth.server";
import { defaultShowDay } from "~/domain/show";

/** `/day`: "My day" in the nav opens today's sheet on an event day, else the first show day's (as `/show` does). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getPageAuth(request, context);
  if (!auth) throw redirect("/dashboard");
  const search = new URL(request.url).search;
  throw redirect(`/day/${defaultShowDay(auth.workspace, context.now)}${search}`);
}
