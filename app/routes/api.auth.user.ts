import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/lib/api.server";
import { requireApiAuth, toUserDto } from "~/services/auth.server";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const { user } = await requireApiAuth(request, context);
    return json(toUserDto(user));
  });

export const action = () => notAllowed(["GET"]);
