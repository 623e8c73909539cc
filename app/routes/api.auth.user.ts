import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/http/api.server";
import { currentUserDto } from "~/services/auth.server";
import { requireApiAuth } from "~/http/auth.server";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => json(await currentUserDto(context.db, await requireApiAuth(request, context))));

export const action = () => notAllowed(["GET"]);
