/**
 * Invitations: the rematches (rematch.ts) that invite this player and that they have not
 * joined. The inbox (GET /me/games) lists them itself, `invited: true` with no seat
 * (docs/platform.md, "Invitations"); this shows them with a button to take a seat
 * (POST /games/{id}/join).
 */
import { call, ProblemError, type Schemas } from "./api";
import { problemText } from "./auth";
import { gameName } from "./catalog";
import { gamesChanged } from "./changes";
import { announce, h } from "./dom";

type InboxGame = Schemas["InboxGame"];

export function invitationList(games: InboxGame[]): HTMLElement {
  if (!games.length) return h("div", {});
  return h("div", { class: "invitations" },
    h("h3", { id: "invitations-title" }, "Invitations"),
    h("ul", { "aria-labelledby": "invitations-title" }, games.map(invitation)));
}

function invitation(game: InboxGame): HTMLElement {
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
