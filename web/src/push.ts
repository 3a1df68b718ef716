/**
 * Web Push in this browser (issue #30): the player turns it on (notifications.ts asks,
 * on their click only), the page registers its service worker (/play/sw.js, built from
 * web/worker/sw.ts, scope /play/), subscribes with the server's VAPID key and gives the
 * subscription to the server; off, it is deleted there and unsubscribed here. A click on
 * a notification makes the worker send the game's url to an open window of the page,
 * which follows it here (`followNotificationClicks`).
 */
import { call, ProblemError, type Schemas } from "./api";
import { session } from "./session";

// --- The server's push API (issue #30; docs/notifications.md), as the contract types it.

export type NoticeKind = keyof Schemas["PushKinds"];
/** Every kind of notice the contract names (an object, so that the type checker sees a
 * kind missing or unknown), in the order the card lists them. */
const KINDS: Record<NoticeKind, null> = {
  your_turn: null, match_found: null, rematch_offered: null, clock_warning: null, game_finished: null,
};
export const NOTICE_KINDS = Object.keys(KINDS) as NoticeKind[];

/** GET / PATCH /me/notifications (a PATCH merges). */
export type NotificationSettings = Schemas["Notifications"];

// --- This browser's subscription ---------------------------------------------------------

export type PushState = "unsupported" | "disabled" | "denied" | "off" | "on";

const SCOPE = "/play/";
const WORKER = "/play/sw.js";
/** The server's id of this browser's subscription, its endpoint, and whose it is. */
const SAVED = "dice.push.subscription";

interface Saved {
  id: number;
  endpoint: string;
  user: string | null;
}

export function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

let serverKeyRead: Promise<Uint8Array<ArrayBuffer> | null> | null = null;

/** The server's VAPID public key (read once a page), null when the server sends no push
 * (404 `push_disabled`, or a server without push at all). */
export function serverKey(): Promise<Uint8Array<ArrayBuffer> | null> {
  serverKeyRead ??= call("get", "/api/v1/push/vapid-public-key").then(
    (answer) => decodeKey(answer.public_key),
    (e: unknown) => {
      if (e instanceof ProblemError && e.problem.status === 404) return null;
      serverKeyRead = null; // read again next time: it may have been the network
      throw e;
    });
  return serverKeyRead;
}

function decodeKey(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const key = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) key[i] = binary.charCodeAt(i);
  if (key.length !== 65 || key[0] !== 4) throw new Error("The server's push key is not a P-256 public key.");
  return key;
}

function saved(): Saved | null {
  try {
    const record = JSON.parse(localStorage.getItem(SAVED) ?? "null") as Saved | null;
    return record && typeof record.id === "number" ? record : null;
  } catch {
    return null;
  }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  return registration ? await registration.pushManager.getSubscription() : null;
}

/** Where push stands in this browser, for this player (on for another player who never
 * logged out here is off for this one: turning it on gives the subscription to them). */
export async function pushState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if ((await serverKey()) === null) return "disabled";
  const subscription = await currentSubscription();
  const record = saved();
  return subscription !== null && record?.endpoint === subscription.endpoint && record.user === session.user()
    ? "on" : "off";
}

/** Asks the browser's permission (call it from the player's click only), registers the
 * worker, subscribes with the server's key and gives the subscription to the server. */
export async function turnOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") throw new Error("Notifications were not allowed: ask again when you like.");
  await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
  const registration = await navigator.serviceWorker.ready;
  const key = await serverKey();
  if (key === null) return "disabled";
  const subscription = await subscribe(registration.pushManager, key);
  try {
    // No `language`: the server writes the notices in the best of its languages for the
    // browser's Accept-Language, as it writes the page's event texts.
    const answer = await call("post", "/api/v1/me/push-subscriptions", { body: body(subscription) });
    const record: Saved = { id: answer.id, endpoint: subscription.endpoint, user: session.user() };
    localStorage.setItem(SAVED, JSON.stringify(record));
  } catch (e) {
    await subscription.unsubscribe();
    throw e;
  }
  return "on";
}

/** The subscription as the contract takes it (`subscription.toJSON()`, whose keys the
 * browser always fills for a push subscription). */
function body(subscription: PushSubscription): Schemas["CreatePushSubscriptionRequest"] {
  const json = subscription.toJSON();
  const { p256dh, auth } = json.keys ?? {};
  if (!json.endpoint || !p256dh || !auth) throw new Error("The browser gave a subscription without its keys.");
  return { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh, auth } };
}

/** This browser's subscription if it was made with `key`; a new one otherwise. */
async function subscribe(manager: PushManager, key: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  const existing = await manager.getSubscription();
  const used = existing?.options.applicationServerKey;
  if (existing && used && sameBytes(new Uint8Array(used), key)) return existing;
  await existing?.unsubscribe();
  return await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Deletes this browser's subscription on the server and unsubscribes it here. */
export async function turnOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  const id = saved()?.id ?? (subscription ? await serverId(subscription.endpoint) : null);
  if (id !== null) {
    try {
      await call("delete", "/api/v1/me/push-subscriptions/{subscription_id}",
                 { params: { subscription_id: id } });
    } catch (e) {
      if (!(e instanceof ProblemError && e.problem.status === 404)) throw e; // gone already
    }
  }
  localStorage.removeItem(SAVED);
  await subscription?.unsubscribe();
  return "off";
}

/** The server's id of the subscription with `endpoint` (GET answers all of the player's). */
async function serverId(endpoint: string): Promise<number | null> {
  const list = await call("get", "/api/v1/me/push-subscriptions");
  return list.find((s) => s.endpoint === endpoint)?.id ?? null;
}

/** Before logging out: this player's notices stop coming to this browser. Never throws. */
export async function forgetPushQuietly(): Promise<void> {
  if (!supported() || saved() === null) return;
  try {
    await turnOff();
  } catch {
    localStorage.removeItem(SAVED); // the server refused: at least this browser stops listening
    try {
      await (await currentSubscription())?.unsubscribe();
    } catch {
      // nothing more to do here
    }
  }
}

export async function readSettings(): Promise<NotificationSettings> {
  return await call("get", "/api/v1/me/notifications");
}

export async function changeSetting(kind: NoticeKind, on: boolean): Promise<NotificationSettings> {
  return await call("patch", "/api/v1/me/notifications", { body: { push: { [kind]: on } } });
}

// --- A click on a notification -------------------------------------------------------------

/** The worker sends `{kind: "open", url}` to an open window of the page when its
 * notification is clicked: the page goes there (a game's hash route: no reload). */
export function followNotificationClicks(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    const message = event.data as { kind?: unknown; url?: unknown } | null;
    if (message?.kind !== "open" || typeof message.url !== "string") return;
    const target = new URL(message.url, location.href);
    if (target.origin !== location.origin || !target.pathname.startsWith(SCOPE)) return;
    if (target.pathname === location.pathname) location.hash = target.hash;
    else location.assign(target.href);
  });
  navigator.serviceWorker.startMessages();
}
