/**
 * A table in the lobby (table.ts shows it until the game starts): its seats (the rematch
 * it repeats, rematch.ts), join, leave, the player's seed (committed here, drawn and kept
 * by seeds.ts; a lobby opened before dice scheme 3 takes a typed one), and for the
 * creator bots (POST /games/{id}/bots, at the game type's levels) and the start.
 */
import { call, isBot, ProblemError, seatLabel, type Game } from "./api";
import { problemText } from "./auth";
import { gameTypes } from "./catalog";
import { announce, h, words } from "./dom";
import { rematchOrigin } from "./rematch";
import { commitSeed } from "./seeds";
import { session } from "./session";

/** What the lobby asks of its table: a message (empty: clear it), and a fresh read. */
export interface TableHooks {
  say(text: string): void;
  refresh(): Promise<void>;
}

/** Seat a bot (POST /games/{id}/bots) at one of the game type's levels. */
function botControls(game: Game, table: TableHooks): HTMLElement {
  const level = h("select", { id: "bot-level" }, h("option", { value: "basic" }, "Basic"));
  void gameTypes().then((types) => {
    const levels = types.find((t) => t.slug === game.game_type)?.bot_levels ?? ["basic"];
    level.replaceChildren(...levels.map((l) => h("option", { value: l }, words(l))));
  });
  return h("div", { class: "inline-form bots" },
    h("label", { for: "bot-level" }, "Bot level"), level,
    h("button", { type: "button", id: "add-bot", class: "secondary", onclick: async () => {
      table.say("");
      try {
        await call("post", "/api/v1/games/{game_id}/bots", { params: { game_id: game.id }, body: { level: level.value } });
        announce("A bot took a seat");
      } catch (e) {
        table.say(e instanceof ProblemError ? problemText(e) : String(e));
      }
      await table.refresh();
    } }, "Add a bot"));
}

/** What a seat's seed says in the list. */
function seedNote(s: Game["seats"][number]): string {
  if (s.seed === "committed") return " · committed to a seed";
  return s.client_seed ? " · has set a seed" : "";
}

/** The caller's seed: a scheme 3 table takes a commitment to a seed this browser draws
 * and keeps (revealed when the game is revealing, table.ts); a lobby opened before
 * scheme 3 takes a typed seed, as then. */
function seedControls(game: Game, act: (what: () => Promise<unknown>) => () => Promise<void>): HTMLElement {
  const params = { game_id: game.id };
  const mine = game.seats.find((s) => s.seat === game.seat);
  if (game.dice_scheme >= 3) {
    return h("div", { class: "inline-form seed" },
      h("p", {}, mine?.seed === "committed"
        ? "Your seat is committed to a seed this browser keeps; it is revealed after the start."
        : "Add a seed of your own to the dice: this browser draws it and posts only its hash."),
      h("button", { type: "button", id: "commit-seed", class: "secondary", onclick: act(() => commitSeed(game)) },
        mine?.seed === "committed" ? "Draw a new seed" : "Commit to a seed"));
  }
  const seed = h("input", { id: "client-seed", maxlength: 128, autocomplete: "off", value: mine?.client_seed ?? "" });
  return h("form", { class: "inline-form", onsubmit: (e: Event) => {
    e.preventDefault();
    void act(() => call("put", "/api/v1/games/{game_id}/client-seed", { params, body: { client_seed: seed.value } }))();
  } }, h("label", { for: "client-seed" }, "Your seed for the dice (optional)"), seed,
    h("button", { type: "submit", class: "secondary" }, "Set my seed"));
}

/** The seats of a table in the lobby, and what the player may do there. */
export function seating(game: Game, table: TableHooks): HTMLElement {
  const me = session.user();
  const seated = game.seat !== null;
  const creator = game.creator === me;
  const full = game.seats.length >= game.table_size;
  const first = h("select", { id: "first-player" },
    h("option", { value: "" }, "Drawn with the dice"),
    game.seats.map((s) => h("option", { value: String(s.seat) }, seatLabel(s))));
  const act = (what: () => Promise<unknown>) => async () => {
    table.say("");
    try {
      await what();
    } catch (e) {
      table.say(e instanceof ProblemError ? problemText(e) : String(e));
    }
    await table.refresh();
  };
  const params = { game_id: game.id };
  return h("section", { class: "card", id: "lobby", "aria-labelledby": "lobby-title" },
    h("h2", { id: "lobby-title" }, "Seats"),
    rematchOrigin(game),
    h("ol", { start: 0, class: "seat-list" }, game.seats.map((s) => h("li", {}, seatLabel(s),
      s.player === game.creator ? " (opened the table)" : "", seedNote(s),
      creator && isBot(s) ? [" ", h("button", { type: "button", class: "secondary small",
        "aria-label": `Remove the bot in seat ${s.seat}`, onclick: act(() =>
          call("delete", "/api/v1/games/{game_id}/bots/{seat}", { params: { game_id: game.id, seat: s.seat } })) },
        "Remove")] : null))),
    !seated && !full ? h("button", { type: "button", id: "join", onclick: act(() =>
      call("post", "/api/v1/games/{game_id}/join", { params, body: {} })) }, "Join this table") : null,
    seated ? seedControls(game, act) : null,
    creator && !full ? botControls(game, table) : null,
    creator ? h("div", { class: "start" },
      h("label", { for: "first-player" }, "Who goes first"), first,
      h("button", { type: "button", id: "start", onclick: act(() =>
        call("post", "/api/v1/games/{game_id}/start", { params,
          body: { first_player: first.value === "" ? null : Number(first.value) } })) },
        "Start the game"))
      : seated ? h("p", {}, `Waiting for ${game.creator} to start.`) : null,
    seated && !creator ? h("button", { type: "button", class: "secondary", id: "leave", onclick: act(() =>
      call("post", "/api/v1/games/{game_id}/leave", { params })) }, "Leave the table") : null);
}
