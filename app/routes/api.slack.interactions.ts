import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { notAllowed } from "~/http/api.server";
import { handleSlackInteraction } from "~/services/slack/router.server";

export const loader = () => notAllowed(["POST"]);
export const action = ({ request, context }: ActionFunctionArgs) => handleSlackInteraction(request, context);
