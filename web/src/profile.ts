/**
 * A player's record (GET /players/{username}): member since, games played and won and
 * the current rating per game type, and their finished games, newest first
 * (GET /players/{username}/games, "More" follows the cursor of its `next`). Reached at
 * #/player/<username>, from any player's name the page links (`playerLink`).
 */
import { call, ProblemError, type Schemas } from "./api";
import { problemText } from "./auth";
import { gameTypes } from "./catalog";
import { h, when } from "./dom";

type PlayedGame = Schemas["PlayedGame"];

const PAGE = 10;

/** A player's name as a link to their profile. */
export function playerLink(username: string): HTMLAnchorElement {
  return h("a", { href: `#/player/${encodeURIComponent(username)}`, class: "player" }, username);
}

export function showProfile(main: HTMLElement, username: string): () => void {
  const error = h("p", { class: "error", role: "alert", id: "profile-error" });
  const records = h("div", { id: "profile-records" }, h("p", {}, "Loading…"));
  const games = h("div", { id: "profile-games" });
  const root = h("section", { id: "profile", "aria-labelledby": "profile-title", "data-busy": "true" },
    h("h1", { id: "profile-title", tabindex: "-1" }, username), error, records,
    h("h2", {}, "Finished games"), games);
  main.replaceChildren(root);
  let closed = false;
  let shown: PlayedGame[] = [];

  async function page(cursor?: string): Promise<void> {
    const answer = await call("get", "/api/v1/players/{username}/games",
                              { params: { username }, query: { limit: PAGE, cursor } });
    if (closed) return;
    shown = [...shown, ...answer.results];
    const next = answer.next ? new URL(answer.next).searchParams.get("cursor") ?? undefined : undefined;
    const types = await gameTypes();
    games.replaceChildren(playedList(shown, (slug) => types.find((t) => t.slug === slug)?.name ?? slug),
      ...(next ? [h("button", { type: "button", class: "secondary small", id: "profile-more",
                                onclick: () => void page(next).catch(fail) }, "More games")] : []));
  }

  function fail(e: unknown): void {
    error.textContent = e instanceof ProblemError ? problemText(e) : String(e);
  }

  void (async () => {
    try {
      const [profile, types] = await Promise.all([
        call("get", "/api/v1/players/{username}", { params: { username } }), gameTypes()]);
      if (closed) return;
      records.replaceChildren(h("p", {}, "Member since ", when(profile.member_since)),
        recordTable(profile.records, (slug) => types.find((t) => t.slug === slug)?.name ?? slug));
      await page();
    } catch (e) {
      fail(e);
    }
    root.dataset.busy = "false";
  })();
  return () => { closed = true; };
}

function recordTable(records: Schemas["GameTypeRecord"][], name: (slug: string) => string): HTMLElement {
  if (!records.length) return h("p", {}, "No finished games yet.");
  return h("table", { class: "list", id: "profile-record-table" },
    h("caption", {}, "By game"),
    h("thead", {}, h("tr", {}, ["Game", "Played", "Won", "Rating", "Rated games"].map(
      (t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, records.map((r) => h("tr", { "data-game-type": r.game_type },
      h("th", { scope: "row" }, h("a", { href: `#/leaderboard/${r.game_type}` }, name(r.game_type))),
      h("td", {}, String(r.played)), h("td", {}, String(r.won)),
      h("td", {}, r.rating ? r.rating.ordinal.toFixed(1) : "–"),
      h("td", {}, r.rating ? String(r.rating.games) : "0")))));
}

function playedList(games: PlayedGame[], name: (slug: string) => string): HTMLElement {
  if (!games.length) return h("p", {}, "None yet.");
  return h("ol", { class: "played-list" }, games.map((g) => h("li", { "data-game-id": g.game_id },
    h("strong", {}, name(g.game_type)), ` — ${g.result}`,
    g.place !== null ? `, place ${g.place} of ${g.players}` : "", g.rated ? ", rated" : "", " · ",
    when(g.finished_at), " · ", h("a", { href: `#/game/${g.game_id}` }, "Result"),
    " · ", h("a", { href: `#/replay/${g.game_id}` }, "Replay"))));
}
