import { listItemRoute } from "~/lib/list-api.server";

const route = listItemRoute("categories");
export const loader = route.loader;
export const action = route.action;
