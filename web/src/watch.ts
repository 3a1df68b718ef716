/**
 * Watching: the games anyone may watch (GET /games?status=active&watchable=true: being
 * played and not private), each opening its table as a spectator sees it; and a finished
 * game's public replay, its `replay_url`, which anyone may read without an account.
 */
import { call, seatLabel, type Game, type GameType } from "./api";
import { h } from "./dom";

/** The games this player may watch (not their own: those are in the inbox). */
export async function watchable(): Promise<Game[]> {
  const page = await call("get", "/api/v1/games", { query: { status: "active", watchable: true, limit: 20 } });
  return page.results.filter((g) => g.seat === null);
}

export function watchList(games: Game[], types: GameType[]): HTMLElement {
  if (!games.length) return h("p", {}, "No game to watch just now.");
  const name = (slug: string) => types.find((t) => t.slug === slug)?.name ?? slug;
  return h("ul", { class: "watch-list" }, games.map((g) => h("li", { "data-game-id": g.id },
    h("a", { href: `#/game/${g.id}`, "aria-label": `Watch ${name(g.game_type)}: ${g.seats.map(seatLabel).join(", ")}` },
      "Watch"), " ", h("strong", {}, name(g.game_type)), ": ", g.seats.map(seatLabel).join(", "),
    h("span", { class: "muted" }, ` (move ${g.version})`))));
}

/** A finished public game's replay link (null for a private game or one still running). */
export function publicReplay(game: Game): HTMLElement | null {
  if (!game.replay_url) return null;
  return h("p", { id: "public-replay" }, "Public replay, readable without an account: ",
    h("a", { href: game.replay_url, class: "hash" }, game.replay_url));
}
