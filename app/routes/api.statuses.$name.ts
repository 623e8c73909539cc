import { listItemRoute } from "~/lib/list-api.server";

const route = listItemRoute("statuses");
export const loader = route.loader;
export const action = route.action;
