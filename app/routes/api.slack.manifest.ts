import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { getSlackManifest } from "~/services/slack/setup.server";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => json(getSlackManifest(request, await requireApiAuth(request, context))));

export const action = () => notAllowed(["GET"]);
