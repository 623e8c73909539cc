import { listCollectionResource } from "~/http/list-api.server";

const api = listCollectionResource("categories");

export const loader = api.loader;
export const action = api.action;
