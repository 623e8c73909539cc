/* Personal crew links' service worker (issue 35, ADR 045). Scope /c/: it keeps the device's own copy of a link's
 * page (its HTML and assets) and of its last good state, so the link still opens with the venue's network gone.
 * The server caches nothing: every answer it gives is `no-store`; this copy is the device's, like a saved page.
 *
 * - A link's page and its state (`/c/{token}`, `/c/{token}/state`, its manifest): the network first; a good answer
 *   replaces the copy (the state's with the device's clock at arrival, `X-Fetched-At`); with no network the copy is
 *   answered, marked `X-Crew-Link-Offline: 1`. A 404 (the link was revoked) deletes every copy of that link.
 * - The app's hashed assets (`/assets/…`): the copy first, as their names change with their content.
 * - Nothing else (the API, other pages) is touched.
 */
const CACHE = "crew-link-v1";
const LINK_RE = /^\/c\/([A-Za-z0-9_-]{43})(?:\/(state|manifest\.webmanifest))?$/;

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** Deletes every copy of one link (its page for any day, its state, its manifest). */
async function forgetLink(token) {
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) {
    const match = LINK_RE.exec(new URL(request.url).pathname);
    if (match && match[1] === token) await cache.delete(request);
  }
}

/** The copy of a link's URL, marked as offline; the same page for another day when that day was never kept. */
async function offlineCopy(request, url) {
  const cache = await caches.open(CACHE);
  const copy = (await cache.match(request, { ignoreVary: true })) ?? (await cache.match(request, { ignoreSearch: true, ignoreVary: true }));
  if (!copy) return null;
  const headers = new Headers(copy.headers);
  headers.set("X-Crew-Link-Offline", "1");
  return new Response(copy.body, { status: copy.status, statusText: copy.statusText, headers });
}

async function linkResponse(request, url, token) {
  let response;
  try {
    response = await fetch(request);
  } catch {
    const copy = await offlineCopy(request, url);
    if (copy) return copy;
    return new Response(JSON.stringify({ error: "You are offline and this page was not saved on this device yet" }), {
      status: 503,
      headers: { "Content-Type": "application/json", "X-Crew-Link-Offline": "1" },
    });
  }
  if (response.status === 404) {
    await forgetLink(token);
    return response;
  }
  if (response.ok) {
    const headers = new Headers(response.headers);
    headers.set("X-Fetched-At", String(Date.now()));
    const body = await response.clone().arrayBuffer();
    const cache = await caches.open(CACHE);
    await cache.put(request, new Response(body, { status: response.status, headers }));
  }
  return response;
}

async function assetResponse(request) {
  const cache = await caches.open(CACHE);
  const copy = await cache.match(request);
  if (copy) return copy;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

function route(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  const link = LINK_RE.exec(url.pathname);
  if (link) return linkResponse(request, url, link[1]);
  if (url.pathname.startsWith("/assets/") || url.pathname === "/favicon.svg") return assetResponse(request);
  return null;
}

self.addEventListener("fetch", (event) => {
  const answer = route(event.request);
  if (answer) event.respondWith(answer);
});

/**
 * The page, once this worker controls it, names what its first load fetched before there was a worker (its own URL,
 * its state, its scripts and styles): they are kept now, and the page hears back when they are.
 */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      for (const href of data.urls.slice(0, 200)) {
        try {
          const request = new Request(new URL(href, self.location.origin).href, { credentials: "same-origin" });
          await route(request);
        } catch {
          // One that fails (offline meanwhile) is kept the next time the page is open.
        }
      }
      event.source?.postMessage({ type: "kept" });
    })(),
  );
});
