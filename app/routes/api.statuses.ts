import { listCollectionRoute } from "~/lib/list-api.server";

const route = listCollectionRoute("statuses");
export const loader = route.loader;
export const action = route.action;
