import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { demoSignupSchema } from "~/domain/schemas";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { clientAddressKey, enforceRateLimit } from "~/lib/rate-limit.server";
import { signUpDemo, toUserDto } from "~/services/auth.server";
import { assertSameOrigin, sessionCookie } from "~/http/auth.server";

export const loader = () => notAllowed(["POST"]);

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    assertSameOrigin(request);
    const input = await readJson(request, demoSignupSchema);
    await enforceRateLimit(context.env, "demoSignup", clientAddressKey(request));
    const { token, user } = await signUpDemo(context, input, "api");
    return json(
      { token, user: toUserDto(user, null) },
      { status: 201, headers: { "Set-Cookie": sessionCookie(request, token) } },
    );
  });
