export interface RemixManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

export interface RemixBrowserManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, RemixManifestRoute>;
}

export function parseRemixManifest(source: string): RemixBrowserManifest;
export function routeUrlPath(manifest: RemixBrowserManifest, routeId: string): string;
export function clientJsFor(manifest: RemixBrowserManifest, routeId: string): string[];
export function routeIdForUrl(manifest: RemixBrowserManifest, url: string): string;
export function journeyJs(manifest: RemixBrowserManifest, routeIds: string[]): string[];
