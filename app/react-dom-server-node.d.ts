// React's Node build of the server renderer (app/entry.server.tsx); @types/react-dom types it as `react-dom/server`.
declare module "react-dom/server.node" {
  export { renderToPipeableStream, renderToString } from "react-dom/server";
}
