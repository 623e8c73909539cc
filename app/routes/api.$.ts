import { jsonError } from "~/http/api.server";

/** Unknown /api paths answer a JSON 404 for every method, never the HTML 404 page. */
const notFound = () => jsonError(404, "No such API endpoint");

export const loader = notFound;
export const action = notFound;
