import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { getTaskStats } from "~/services/task-queries.server";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    return json(await getTaskStats(await requireApiActor(request, context)));
  });

export const action = () => notAllowed(["GET"]);
