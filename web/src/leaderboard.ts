/**
 * A game type's leaderboard (GET /game-types/{slug}/leaderboard): the players with
 * enough rated games (`min_games`), highest displayed rating first, each name linking to
 * their profile; "More" follows the cursor of `next`. At #/leaderboard/<slug>; the lobby
 * links one per game type (`leaderboardLinks`).
 */
import { call, ProblemError, type GameType, type Schemas, type Slug } from "./api";
import { problemText } from "./auth";
import { gameTypes } from "./catalog";
import { h } from "./dom";
import { playerLink } from "./profile";

type Entry = Schemas["LeaderboardEntry"];

export function leaderboardLinks(types: GameType[]): HTMLElement {
  return h("ul", { class: "links-list" }, types.map((t) => h("li", {},
    h("a", { href: `#/leaderboard/${t.slug}` }, `${t.name} leaderboard`))));
}

export function showLeaderboard(main: HTMLElement, slug: Slug): () => void {
  const error = h("p", { class: "error", role: "alert" });
  const body = h("div", { id: "leaderboard-entries" }, h("p", {}, "Loading…"));
  const title = h("h1", { id: "leaderboard-title", tabindex: "-1" }, "Leaderboard");
  const root = h("section", { id: "leaderboard", "aria-labelledby": "leaderboard-title", "data-busy": "true" },
    title, error, body);
  main.replaceChildren(root);
  let closed = false;
  let entries: Entry[] = [];

  async function page(cursor?: string): Promise<void> {
    const [answer, types] = await Promise.all([
      call("get", "/api/v1/game-types/{slug}/leaderboard", { params: { slug }, query: { limit: 50, cursor } }),
      gameTypes()]);
    if (closed) return;
    title.textContent = `${types.find((t) => t.slug === slug)?.name ?? slug} leaderboard`;
    entries = [...entries, ...answer.results];
    const next = answer.next ? new URL(answer.next).searchParams.get("cursor") ?? undefined : undefined;
    body.replaceChildren(
      h("p", { class: "muted" }, `Players with at least ${answer.min_games} rated games, highest rating first.`),
      entries.length ? table(entries) : h("p", {}, "Nobody yet."),
      ...(next ? [h("button", { type: "button", class: "secondary small", onclick: () => void page(next).catch(fail) },
                    "More")] : []));
  }

  function fail(e: unknown): void {
    error.textContent = e instanceof ProblemError ? problemText(e) : String(e);
  }

  void page().catch(fail).finally(() => { root.dataset.busy = "false"; });
  return () => { closed = true; };
}

function table(entries: Entry[]): HTMLElement {
  return h("table", { class: "list" },
    h("thead", {}, h("tr", {}, ["Place", "Player", "Rating", "Rated games"].map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, entries.map((e) => h("tr", { "data-player-id": e.player_id },
      h("td", {}, String(e.place)), h("td", {}, e.name ? playerLink(e.name) : "(gone)"),
      h("td", {}, e.ordinal.toFixed(1)), h("td", {}, String(e.games))))));
}
