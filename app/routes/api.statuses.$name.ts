import { listItemResource } from "~/http/list-api.server";

const api = listItemResource("statuses");

export const loader = api.loader;
export const action = api.action;
