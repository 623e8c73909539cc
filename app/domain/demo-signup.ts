/**
 * The demo signup form's check in the browser, without zod: the landing page, a visitor's first, then loads no
 * schema library. The action checks the same form with `demoSignupSchema` (app/domain/schemas.ts, which takes its
 * messages from here); `app/domain/demo-signup.test.ts` runs both over many forms and holds their messages equal.
 */

export const NAME_TOO_SHORT = "Name must be at least 2 characters";
export const NAME_TOO_LONG = "Name must be at most 100 characters";
export const INVALID_EMAIL = "Please enter a valid email address";
export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/** zod 3's `.email()` pattern, as the action's schema applies it. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

/**
 * The messages for a demo signup form's fields, as the schema gives them in turn (a field can have two), or null when
 * the form passes. `payload` is the form's entries by name (Conform's `parse`); an empty field counts as missing,
 * as Conform's zod coercion makes it. The timezone comes from the page and never fails (the schema drops a bad one).
 */
export function demoSignupErrors(payload: Record<string, unknown>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const name = textOf(payload.name);
  if (name === null) errors.name = ["Name must be text"];
  else if (name === undefined || name.trim().length < NAME_MIN) errors.name = [NAME_TOO_SHORT];
  else if (name.trim().length > NAME_MAX) errors.name = [NAME_TOO_LONG];

  const email = textOf(payload.email);
  if (email === null) errors.email = ["Email must be text"];
  else if (email === undefined) errors.email = [INVALID_EMAIL];
  else {
    const trimmed = email.trim();
    const messages = [];
    if (trimmed.length > EMAIL_MAX) messages.push(INVALID_EMAIL);
    if (!EMAIL.test(trimmed)) messages.push(INVALID_EMAIL);
    if (messages.length) errors.email = messages;
  }
  if (payload.marketingOptIn !== undefined && payload.marketingOptIn !== "" && payload.marketingOptIn !== "on")
    errors.marketingOptIn = ["marketingOptIn must be true or false"];
  return Object.keys(errors).length ? errors : null;
}

/** A field's text; undefined when missing or empty, null when it is not one text (a repeated name). */
function textOf(value: unknown): string | undefined | null {
  if (value === undefined || value === "") return undefined;
  return typeof value === "string" ? value : null;
}
