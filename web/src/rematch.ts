/**
 * Rematch (POST /games/{id}/rematch): a finished game's "Play again", which opens the
 * same table again in the lobby (201, or 200 with the rematch someone opened before) and
 * goes there; a finished game's link to its rematch, and a rematch's link to its origin
 * with the players it invited (`invited`, by player id, named from the origin's seats).
 */
import { call, ProblemError, type Game } from "./api";
import { problemText } from "./auth";
import { gamesChanged } from "./changes";
import { announce, h } from "./dom";

/** On a finished game's table: the way to its rematch, or "Play again" for its players. */
export function rematchPanel(game: Game): HTMLElement | null {
  if (game.status !== "finished") return null;
  if (game.rematch) {
    return h("p", { id: "rematch" }, "This table is open again: ",
      h("a", { href: `#/game/${game.rematch}`, id: "rematch-link" }, "go to the rematch"), ".");
  }
  if (game.seat === null) return null;
  const error = h("span", { class: "error", role: "alert", id: "rematch-error" });
  return h("p", { id: "rematch" },
    h("button", { type: "button", id: "play-again", onclick: async (event: Event) => {
      const button = event.currentTarget as HTMLButtonElement;
      button.disabled = true;
      error.textContent = "";
      try {
        const rematch = await call("post", "/api/v1/games/{game_id}/rematch", { params: { game_id: game.id } });
        announce("The table is open again");
        gamesChanged(rematch.id);
        location.hash = `#/game/${rematch.id}`;
      } catch (e) {
        button.disabled = false;
        error.textContent = e instanceof ProblemError ? problemText(e) : String(e);
      }
    } }, "Play again"),
    " ", h("small", {}, "Opens this table again with the same options; the other players are invited."),
    " ", error);
}

/** In a rematch's lobby: the game it repeats, and whom it invited (joined or not). */
export function rematchOrigin(game: Game): HTMLElement | null {
  if (!game.rematch_of) return null;
  const invited = h("span", { id: "rematch-invited" });
  if (game.invited.length) void nameInvited(game, game.rematch_of, invited);
  return h("p", { id: "rematch-of" }, "A rematch of ",
    h("a", { href: `#/game/${game.rematch_of}`, id: "rematch-of-link" }, "the game before"), ".",
    invited);
}

async function nameInvited(game: Game, origin: string, into: HTMLElement): Promise<void> {
  let names = new Map<string, string>();
  try {
    const before = await call("get", "/api/v1/games/{game_id}", { params: { game_id: origin } });
    names = new Map(before.seats.flatMap((s) => (s.player_id && s.player ? [[s.player_id, s.player]] : [])));
  } catch {
    // the names are a courtesy: without them the invitation counts its players
  }
  const seated = new Set(game.seats.map((s) => s.player_id));
  const who = game.invited.map((id) => `${names.get(id) ?? "a player"}${seated.has(id) ? " (joined)" : ""}`);
  into.textContent = ` Invited: ${who.join(", ")}.`;
}
