/** Any path no other route claims: a real 404, rendered as HTML by the root error boundary. */
export const loader = () => {
  throw new Response("Not found", { status: 404 });
};

/** A component makes this a page route rather than a resource route; the loader always throws first. */
export default function NotFound() {
  return null;
}
