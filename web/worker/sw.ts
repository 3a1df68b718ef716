/**
 * The page's service worker (issue #30), served at /play/sw.js with the scope /play/:
 * it shows the notices the service pushes (Web Push, RFC 8030/8291) and opens the game
 * when one is clicked. Built on its own (vite.sw.config.ts) into one classic script, so
 * it shares no chunk with the page; it fetches nothing and caches nothing.
 */
import type { components } from "../src/generated/schema";

declare const self: ServiceWorkerGlobalScope;

/** The decrypted payload the service pushes (the contract's PushPayload, issue #30): one
 * notice about one of the player's games. Types only: nothing of the page is bundled. */
type PushNotice = components["schemas"]["PushPayload"];

/** What a shown notification keeps (its `data`): where a click leads, and which notice. */
interface Shown {
  url: string;
  kind: string | null;
  game: string | null;
  version: number | null;
}

const SCOPE = new URL("./", self.location.href);
const GENERIC_TITLE = "Dice Games";
const GENERIC_BODY = "Something happened in one of your games.";
const ICON = new URL("icon.svg", SCOPE).href;

/** The payload's fields that are what they should be; anything else (no body, not JSON,
 * not an object) is an empty notice, shown as the generic one. */
function payloadOf(data: PushMessageData | null): Partial<PushNotice> {
  if (data === null) return {};
  try {
    const parsed: unknown = data.json();
    return parsed !== null && typeof parsed === "object" ? (parsed as Partial<PushNotice>) : {};
  } catch {
    return {};
  }
}

function text(value: unknown, otherwise: string): string {
  return typeof value === "string" && value.trim() !== "" ? value : otherwise;
}

/** `raw` as an address of this page (same origin, under the scope); the page's start
 * otherwise: a notice never opens another site. */
function pageUrl(raw: unknown): string {
  if (typeof raw !== "string") return SCOPE.href;
  try {
    const url = new URL(raw, SCOPE);
    return url.origin === SCOPE.origin && url.pathname.startsWith(SCOPE.pathname) ? url.href : SCOPE.href;
  } catch {
    return SCOPE.href;
  }
}

async function showNotice(data: PushMessageData | null): Promise<void> {
  const notice = payloadOf(data);
  const game = typeof notice.game === "string" ? notice.game : null;
  const version = typeof notice.version === "number" ? notice.version : null;
  // One notification a game: a newer notice replaces the older (same tag); one older than
  // the notification shown (pushes may arrive out of order) leaves it as it is.
  const tag = game ? `game-${game}` : "dice-games";
  if (game && version !== null) {
    const shown = await self.registration.getNotifications({ tag });
    if (shown.some((n) => typeof (n.data as Shown | null)?.version === "number"
                          && (n.data as Shown).version! > version)) return;
  }
  const kept: Shown = { url: pageUrl(notice.url), kind: typeof notice.kind === "string" ? notice.kind : null,
                         game, version };
  await self.registration.showNotification(text(notice.title, GENERIC_TITLE), {
    body: text(notice.body, GENERIC_BODY), tag, data: kept, icon: ICON,
  });
}

/** A window of this page gets the notice's url (it follows it without reloading: see
 * web/src/push.ts) and the focus; with none open, a new window opens at the url. */
async function openGame(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const ours = windows.filter((w) => w.url.startsWith(SCOPE.href));
  const chosen = ours.find((w) => w.focused) ?? ours[0];
  if (!chosen) {
    await self.clients.openWindow(url);
    return;
  }
  chosen.postMessage({ kind: "open", url });
  await chosen.focus();
}

self.addEventListener("install", () => {
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  event.waitUntil(showNotice(event.data));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openGame(pageUrl((event.notification.data as Shown | null)?.url)));
});
