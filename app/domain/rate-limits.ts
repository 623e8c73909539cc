/**
 * The abuse limits: which actions are counted, by which binding, and what a refused client is told. The numbers
 * (requests per period) are configuration: each binding's `simple = { limit, period }` in wrangler.toml.
 */
export const RATE_LIMITS = {
  demoSignup: { binding: "DEMO_SIGNUP_LIMITER", message: "Too many sign-ups from your network. Please try again in a minute." },
  pageVisit: { binding: "PAGE_VISIT_LIMITER", message: "Too many page visits reported. Please try again in a minute." },
  userActivity: { binding: "USER_ACTIVITY_LIMITER", message: "Too many activities reported. Please try again in a minute." },
  taskParse: { binding: "TASK_PARSE_LIMITER", message: "You are reading text into tasks very fast. Please try again in a minute." },
  signIn: { binding: "SIGN_IN_LIMITER", message: "Too many sign-in attempts from your network. Please try again in a minute." },
  inviteAccept: { binding: "INVITE_ACCEPT_LIMITER", message: "Too many invitation attempts. Please try again in a minute." },
  slackLink: { binding: "SLACK_LINK_LIMITER", message: "Too many Slack link attempts. Please try again in a minute." },
  taskCreate: { binding: "TASK_CREATE_LIMITER", message: "You are creating tasks very fast. Please try again in a minute." },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimitBinding = (typeof RATE_LIMITS)[RateLimitName]["binding"];

/**
 * What `Retry-After` says. The binding does not tell when its window ends, and its periods are 10 or 60 seconds,
 * so the longest one is the wait after which a retry is sure to be counted afresh.
 */
export const RETRY_AFTER_SECONDS = 60;

const MAX_ADDRESS_LENGTH = 64;

/**
 * The counter key of an anonymous client: the address Cloudflare reports in `CF-Connecting-IP`. An IPv6 client
 * usually holds a whole /64, so it is counted by that prefix; otherwise a new address per request would escape
 * every limit. Without the header (requests that did not come through Cloudflare's edge, such as tests calling
 * the Worker directly) all share one `ip:unknown` counter: a missing header never lifts the limit.
 */
export function addressKey(connectingIp: string | null | undefined): string {
  const address = connectingIp?.trim().slice(0, MAX_ADDRESS_LENGTH).toLowerCase();
  if (!address) return "ip:unknown";
  if (!address.includes(":") || address.includes(".")) return `ip:${address}`;
  const prefix = ipv6Prefix64(address);
  return prefix ? `ip6:${prefix}::/64` : `ip:${address}`;
}

/** The counter key of a signed-in client: the user, whichever address or workspace they act from. */
export const userKey = (userId: string) => `user:${userId}`;

/** The first four groups of an IPv6 address, without leading zeros; null when it is not one. */
function ipv6Prefix64(address: string): string | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groupsOf(halves[0]);
  const tail = halves.length === 2 ? groupsOf(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(Math.max(missing, 0)).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":");
}
