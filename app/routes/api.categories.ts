import { listCollectionRoute } from "~/lib/list-api.server";

const route = listCollectionRoute("categories");
export const loader = route.loader;
export const action = route.action;
