import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/lib/api.server";
import { currentUserDto, requireApiAuth } from "~/services/auth.server";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => json(await currentUserDto(context.db, await requireApiAuth(request, context))));

export const action = () => notAllowed(["GET"]);
