import { resource } from "~/http/api.server";
import { slackEndpoint } from "~/http/slack.server";

const api = resource({ POST: slackEndpoint("event") });

export const loader = api.loader;
export const action = api.action;
