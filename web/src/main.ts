/** The web client's entry: a hash router over six pages (login, lobby, table, replay,
 * a player's profile, a leaderboard), with the player's inbox and the notifications card
 * beside the lobby and the tables, and the player's live channel open while they are
 * logged in. */
import "./style.css";
import { h } from "./dom";
import { session } from "./session";
import { showLogin } from "./auth";
import type { Slug } from "./api";
import { closeChannel, openChannel } from "./channel";
import { showInbox } from "./inbox";
import { showLeaderboard } from "./leaderboard";
import { playerLink, showProfile } from "./profile";
import { showLobby } from "./lobby";
import { showNotifications } from "./notifications";
import { followNotificationClicks, forgetPushQuietly } from "./push";
import { showTable } from "./table";
import { showReplay } from "./replay";

/** Whatever a page started (timers, streams) and must stop when another page opens. */
let teardown: (() => void) | null = null;

function navigation(): void {
  const nav = document.getElementById("nav");
  if (!nav) return;
  const user = session.user();
  nav.replaceChildren(user
    ? h("ul", {},
        h("li", {}, h("a", { href: "#/" }, "Lobby")),
        h("li", {}, h("span", { class: "who" }, "Signed in as ", h("strong", {}, playerLink(user)))),
        h("li", {}, h("button", { type: "button", class: "link", onclick: () => {
          void logout();
        } }, "Log out")))
    : h("ul", {}, h("li", {}, h("a", { href: "#/login" }, "Log in or sign up"))));
}

async function logout(): Promise<void> {
  const { call } = await import("./api");
  await forgetPushQuietly(); // this player's notices stop coming to this browser
  try {
    await call("post", "/api/v1/auth/logout");
  } catch {
    // the token is dropped here either way
  }
  session.clear();
  location.hash = "#/login";
}

export function route(): void {
  teardown?.();
  teardown = null;
  const main = document.getElementById("main") as HTMLElement;
  const aside = document.getElementById("inbox-aside") as HTMLElement;
  main.replaceChildren();
  aside.replaceChildren();
  navigation();
  const path = location.hash.replace(/^#/, "") || "/";
  const game = /^\/game\/([0-9a-f-]{36})$/.exec(path);
  const replay = /^\/replay\/([0-9a-f-]{36})$/.exec(path);
  const player = /^\/player\/([^/]+)$/.exec(path);
  const board = /^\/leaderboard\/([a-z-]+)$/.exec(path);
  if (!session.token() && !path.startsWith("/login")) {
    location.hash = "#/login";
    return;
  }
  if (session.token()) openChannel();
  if (path.startsWith("/login")) teardown = showLogin(main);
  else if (player) teardown = both(showProfile(main, decodeURIComponent(player[1])), beside(aside));
  else if (board) teardown = both(showLeaderboard(main, board[1] as Slug), beside(aside));
  else if (replay) teardown = showReplay(main, replay[1]);
  else teardown = both(game ? showTable(main, game[1]) : showLobby(main), beside(aside));
}

/** What stands beside a page: the inbox, and the notifications card below it. */
function beside(aside: HTMLElement): () => void {
  return both(showInbox(aside), showNotifications(aside));
}

function both(first: () => void, second: () => void): () => void {
  return () => {
    first();
    second();
  };
}

window.addEventListener("hashchange", route);
followNotificationClicks();
// Logged out here or refused by the server (a revoked token): back to the login page.
session.onChange(() => {
  if (!session.token()) closeChannel();
  if (!session.token() && !location.hash.startsWith("#/login")) location.hash = "#/login";
  else navigation();
});
route();
