import { listCollectionResource } from "~/http/list-api.server";

const api = listCollectionResource("statuses");

export const loader = api.loader;
export const action = api.action;
