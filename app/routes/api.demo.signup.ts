import { demoSignupSchema } from "~/domain/schemas";
import { json, readJson, resource } from "~/http/api.server";
import { assertSameOrigin, sessionCookie } from "~/http/auth.server";
import { clientAddressKey, enforceRateLimit } from "~/lib/rate-limit.server";
import { signUpDemo, toUserDto } from "~/services/auth.server";

const api = resource({
  /** `{name, email, marketingOptIn, timezone?}` → 201 `{token, user}` and the session cookie: a demo account. */
  POST: async ({ request, context }) => {
    assertSameOrigin(request);
    const input = await readJson(request, demoSignupSchema);
    await enforceRateLimit(context.env, "demoSignup", clientAddressKey(request));
    const { token, user } = await signUpDemo(context, { signup: input, source: "api" });
    return json(
      { token, user: toUserDto(user, null) },
      { status: 201, headers: { "Set-Cookie": sessionCookie(request, token) } },
    );
  },
});

export const loader = api.loader;
export const action = api.action;
