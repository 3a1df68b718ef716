/** The web client's entry: a hash router over four pages (login, lobby, table, replay),
 * with the player's inbox beside the lobby and the tables. */
import "./style.css";
import { h } from "./dom";
import { session } from "./session";
import { showLogin } from "./auth";
import { showInbox } from "./inbox";
import { showLobby } from "./lobby";
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
        h("li", {}, h("span", { class: "who" }, "Signed in as ", h("strong", {}, user))),
        h("li", {}, h("button", { type: "button", class: "link", onclick: () => {
          void logout();
        } }, "Log out")))
    : h("ul", {}, h("li", {}, h("a", { href: "#/login" }, "Log in or sign up"))));
}

async function logout(): Promise<void> {
  const { call } = await import("./api");
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
  if (!session.token() && !path.startsWith("/login")) {
    location.hash = "#/login";
    return;
  }
  if (path.startsWith("/login")) teardown = showLogin(main);
  else if (replay) teardown = showReplay(main, replay[1]);
  else teardown = both(game ? showTable(main, game[1]) : showLobby(main), showInbox(aside));
}

function both(first: () => void, second: () => void): () => void {
  return () => {
    first();
    second();
  };
}

window.addEventListener("hashchange", route);
// Logged out here or refused by the server (a revoked token): back to the login page.
session.onChange(() => {
  if (!session.token() && !location.hash.startsWith("#/login")) location.hash = "#/login";
  else navigation();
});
route();
