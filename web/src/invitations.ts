/**
 * Invitations: rematches (rematch.ts) that name this player in `invited` and that they
 * have not joined yet, with a button to take a seat (POST /games/{id}/join). The API
 * does not list them in the inbox (it lists the games one holds a seat at), so they are
 * read from the open tables (GET /games?status=lobby) and picked by the player's id.
 */
import { call, ProblemError, type Game } from "./api";
import { problemText } from "./auth";
import { gameName } from "./catalog";
import { gamesChanged } from "./changes";
import { announce, h } from "./dom";
import { session } from "./session";

/** The open rematches this player is invited to and not seated at. */
export async function invitations(): Promise<Game[]> {
  const me = session.playerId();
  if (!me) return [];
  const lobby = await call("get", "/api/v1/games", { query: { status: "lobby", limit: 200 } });
  return lobby.results.filter((g) => g.seat === null && g.invited.includes(me)
                                     && g.seats.length < g.table_size);
}

export function invitationList(games: Game[]): HTMLElement {
  if (!games.length) return h("div", {});
  return h("div", { class: "invitations" },
    h("h3", { id: "invitations-title" }, "Invitations"),
    h("ul", { "aria-labelledby": "invitations-title" }, games.map(invitation)));
}

function invitation(game: Game): HTMLElement {
  const label = h("span", {}, `${game.creator} invites you to play again`);
  void gameName(game.game_type).then((name) => {
    label.textContent = `${game.creator} invites you to play ${name} again`;
  });
  const error = h("span", { class: "error", role: "alert" });
  return h("li", { class: "invitation", "data-game-id": game.id },
    label, " ",
    h("button", { type: "button", class: "small", "aria-label": `Join ${game.creator}'s rematch`,
                  onclick: async (event: Event) => {
      const button = event.currentTarget as HTMLButtonElement;
      button.disabled = true;
      error.textContent = "";
      try {
        await call("post", "/api/v1/games/{game_id}/join", { params: { game_id: game.id }, body: {} });
        announce("You joined the rematch");
        gamesChanged(game.id);
        location.hash = `#/game/${game.id}`;
      } catch (e) {
        button.disabled = false;
        error.textContent = e instanceof ProblemError ? problemText(e) : String(e);
      }
    } }, "Join"),
    " ", h("a", { href: `#/game/${game.id}` }, "See the table"), " ", error);
}
