/**
 * A table: the game as this player's seat sees it (GET /games/{id}), its legal actions
 * as buttons and forms, and the events as they land (a stream with a ticket). One
 * request per move: the answer to a move carries the seat's view and legal actions
 * after it, and the stream's `turn` frames the legal actions after the others' moves
 * (GET /legal-actions only when neither told them: the first read, a missed frame).
 * In the lobby, its seats (seating.ts). When over: the outcome and the way to its
 * replay and audit.
 */
import {
  call, ProblemError, seatLabel, type Action, type ActionResult, type Game, type GameEvent,
  type LegalActions, type Turn,
} from "./api";
import { actionControls, type Chosen } from "./actions";
import { problemText } from "./auth";
import { eventTypes, gameName } from "./catalog";
import { tableRead } from "./changes";
import { announce, h, words } from "./dom";
import { renderView } from "./games/render";
import type { Names } from "./games/parts";
import { LiveEvents } from "./live";
import { playerLink } from "./profile";
import { ratingChanges, ratingPending } from "./ratings";
import { rematchPanel } from "./rematch";
import { seating } from "./seating";
import { revealSeed } from "./seeds";
import { commitments } from "./session";
import { publicReplay } from "./watch";

function isResign(item: { type: string; choose?: unknown }): boolean {
  return item.type === "resign" && item.choose === undefined;
}

export function showTable(main: HTMLElement, gameId: string): () => void {
  const table = new Table(main, gameId);
  void table.open();
  return () => table.close();
}

class Table {
  private game: Game | null = null;
  private legal: LegalActions | null = null;
  private live: LiveEvents | null = null;
  private poll: number | undefined;
  private every = 0;
  private loading: Promise<void> | null = null;
  private again = false;
  private posting = false;
  private closed = false;
  private log: GameEvent[] = [];
  /** The Resign panel is asking "are you sure?" (kept across re-renders). */
  private confirmingResign = false;
  /** This page resigned the seat (the view may not say so in every game). */
  private resignedHere = false;
  /** What the body shows (the game, the legal actions, the log), as last rendered. */
  private shown = "";
  private readonly root: HTMLElement;
  private readonly heading = h("h1", { id: "table-title", tabindex: "-1" }, "Table");
  private readonly status = h("p", { class: "status", id: "table-status" });
  private readonly message = h("p", { class: "error", role: "alert", id: "table-error" });
  private readonly body = h("div", { id: "table-body" });

  constructor(main: HTMLElement, private readonly gameId: string) {
    this.root = h("section", { id: "table", "aria-labelledby": "table-title", "data-game-id": gameId,
                               "data-version": "-1", "data-busy": "true" },
      this.heading, this.status, this.message, this.body);
    main.replaceChildren(this.root);
  }

  async open(): Promise<void> {
    await this.refresh();
    this.heading.focus();
  }

  close(): void {
    this.closed = true;
    this.live?.stop();
    window.clearInterval(this.poll);
  }

  private names: Names = (seat) => {
    if (seat === null || seat === undefined) return "nobody";
    const found = this.game?.seats.find((s) => s.seat === seat);
    const name = found ? seatLabel(found) : `seat ${seat}`;
    return seat === this.game?.seat ? `${name} (you)` : name;
  };

  /** A seat's name, linking a player's to their profile. */
  private named(seat: number): HTMLElement | string {
    const player = this.game?.seats.find((s) => s.seat === seat)?.player;
    if (!player) return this.names(seat);
    return h("span", {}, playerLink(player), seat === this.game?.seat ? " (you)" : "");
  }

  /** Reads the game (and the caller's legal actions) again; calls made meanwhile are
   * folded into one more read after the current one. */
  refresh(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.setBusy(true);
    this.loading = (async () => {
      do {
        this.again = false;
        await this.load();
      } while (this.again && !this.closed);
    })().finally(() => {
      this.loading = null;
      this.setBusy(this.posting);
    });
    return this.loading;
  }

  /** The table's alert line; a failed read's message goes when a read succeeds again. */
  private say(text: string, from: "read" | "move" = "move"): void {
    this.message.textContent = text;
    this.message.dataset.from = from;
  }

  private setBusy(busy: boolean): void {
    this.root.dataset.busy = String(busy);
    this.root.setAttribute("aria-busy", String(busy));
  }

  private async load(): Promise<void> {
    try {
      const params = { game_id: this.gameId };
      const game = await call("get", "/api/v1/games/{game_id}", { params });
      // A read begun before a move's answer came back may hold an older version: the page
      // already shows a newer one (versions only grow), so this read must not roll it back.
      if (this.game && game.version < this.game.version) return;
      const seated = game.seat !== null && game.status === "active";
      this.legal = !seated ? null : this.legal?.version === game.version ? this.legal
        : this.untold(game) ?? await call("get", "/api/v1/games/{game_id}/legal-actions", { params });
      const before = this.game;
      this.game = game;
      tableRead(before, game);
      if (game.status === "active") commitments.remember(game.id, game.server_seed_hash);
      // Revealing: post the seed this browser committed to (the last one begins the game).
      if (await revealSeed(game)) return await this.load();
      // Rebuilt only when something shown changed: a read that changed nothing (the
      // stream's first open, the 20 s safety net) must not replace the controls under
      // a click on its way (a click on a replaced button is lost).
      const shown = JSON.stringify([game, this.legal, this.log.map((e) => e.seq)]);
      if (shown !== this.shown) {
        await this.render(before);
        this.shown = shown;
      }
      this.follow(game);
      if (this.message.dataset.from === "read") this.say("");
    } catch (e) {
      this.say(e instanceof ProblemError ? problemText(e) : String(e), "read");
    }
  }

  /** The legal actions at `game`'s version when the stream brought its batch without a
   * turn for this seat: nothing to do but resign (if it could). Null if the stream has
   * not brought that batch yet: ask. */
  private untold(game: Game): LegalActions | null {
    if (this.legal && this.legal.version > game.version) return this.legal;  // a newer turn came first
    if (!this.live || this.live.seen < game.version || game.seat === null) return null;
    const actions = (this.legal?.actions ?? []).filter(isResign);
    return { game_type: game.game_type, version: game.version, seat: game.seat, actions } as LegalActions;
  }

  /** The stream's turn frame: this seat's legal actions after a batch. */
  private turned(turn: Turn): void {
    if (!this.game || turn.seat !== this.game.seat || (this.legal && this.legal.version > turn.version)) return;
    this.legal = { game_type: turn.game_type, version: turn.version, seat: turn.seat,
                   actions: turn.legal_actions } as LegalActions;
    // At the version shown (a stream opened at the head): show them; a newer version's
    // read is on its way (the batch's events asked for it).
    if (turn.version <= this.game.version) void this.refresh();
  }

  /** Live updates: the stream while the game runs; a poll in the lobby (joining a table
   * appends no event). */
  private follow(game: Game): void {
    if (this.closed) return;
    // In the lobby every 2 s; in play every 20 s too, a safety net should the stream miss
    // a batch (an event type this page does not listen to yet). Over and rated, every
    // 2 s until the ratings projection has applied it (its `rating_changes`).
    const every = game.status === "lobby" || game.status === "revealing" ? 2000
      : game.status === "active" ? 20000
      : ratingPending(game) ? 2000 : 0;
    if (every !== this.every) {
      window.clearInterval(this.poll);
      this.poll = every ? window.setInterval(() => void this.refresh(), every) : undefined;
      this.every = every;
    }
    if (game.status === "active" && !this.live) {
      const after = game.version;
      void eventTypes(game.game_type).then((types) => {
        if (this.closed || this.live) return;
        this.live = new LiveEvents(game.id, types, after,
          (event) => this.landed(event), () => void this.refresh(), (turn) => this.turned(turn));
        void this.live.start();
      });
    }
    if (game.status === "finished") {
      this.live?.stop();
    }
  }

  private landed(event: GameEvent): void {
    if (this.log.some((e) => e.seq === event.seq)) return;  // this page's move: its answer told it
    this.log.push(event);
    this.log = this.log.slice(-40);
    if (event.batch_end) {
      const version = this.game?.version ?? 0;
      if (event.seq > version) void this.refresh();
      const mine = event.actor === `seat:${this.game?.seat}`;
      if (!mine) announce(`${this.actorName(event.actor)}: ${words(event.type).toLowerCase()}`);
    }
  }

  private actorName(actor: string): string {
    const seat = /^(?:seat|bot):(\d+)$/.exec(actor);
    return seat ? this.names(Number(seat[1])) : actor;
  }

  private async post(action: Chosen): Promise<void> {
    if (!this.legal || this.posting) return;
    this.posting = true;
    this.setBusy(true);
    this.say("");
    const hadFocus = this.root.contains(document.activeElement);
    this.body.querySelectorAll<HTMLButtonElement>("#actions button, #resign button").forEach((b) => { b.disabled = true; });
    let answered: Game | null = null;
    try {
      const result = await call("post", "/api/v1/games/{game_id}/actions", {
        params: { game_id: this.gameId },
        // The action is a legal-actions item as listed, its `choose` fields filled in.
        body: { expected_version: this.legal.version, action: action as unknown as Action },
      });
      if (isResign(action)) this.resignedHere = true;
      announce(`You: ${words(action.type).toLowerCase()}. Now at version ${result.version}.`);
      answered = this.answered(result);
    } catch (e) {
      if (e instanceof ProblemError && e.code === "version_conflict") {
        this.say("The game moved on meanwhile: here it is as it stands now.");
      } else {
        this.say(e instanceof ProblemError ? problemText(e) : String(e));
      }
    } finally {
      this.posting = false;
      this.shown = "";  // the controls were disabled for the move: shown again in any case
      if (answered) await this.show(answered);
      else await this.refresh();
      if (hadFocus) this.focusActions();
    }
  }

  /** The move's answer as the game now stands for this seat: its view, who is awaited
   * and its legal actions, with no other request; the game as it was before. Null when
   * the page must read the game (it ended: the outcome and the server seed; or a newer
   * version is known). */
  private answered(result: ActionResult): Game | null {
    const before = this.game;
    if (!before || result.status !== "active" || before.version >= result.version) return null;
    for (const event of result.events) {
      if (!this.log.some((e) => e.seq === event.seq)) this.log.push(event);
    }
    this.log = this.log.slice(-40);
    this.legal = { game_type: result.game_type, version: result.version, seat: result.seat,
                   actions: result.legal_actions } as LegalActions;
    const game = { ...before, version: result.version, status: result.status, view: result.view,
                   awaiting: result.awaiting.map((a) => ({ ...a, deadline: null })) } as Game;
    this.game = game;
    tableRead(before, game);
    return before;
  }

  /** Renders the game as held (after a move's answer), with the busy mark off. */
  private async show(before: Game | null): Promise<void> {
    const game = this.game;
    if (!game) return;
    await this.render(before);
    this.shown = JSON.stringify([game, this.legal, this.log.map((e) => e.seq)]);
    this.setBusy(false);
  }

  private focusActions(): void {
    const first = this.body.querySelector<HTMLElement>("#actions button:not([disabled]), #actions input");
    (first ?? this.body.querySelector<HTMLElement>("#actions-title") ?? this.heading).focus();
  }

  private async render(before: Game | null): Promise<void> {
    const game = this.game;
    if (!game) return;
    const name = await gameName(game.game_type);
    this.heading.textContent = `${name} table`;
    document.title = `${name} · Dice Games`;
    this.root.dataset.version = String(game.version);
    this.root.dataset.status = game.status;
    this.root.dataset.gameType = game.game_type;
    this.root.dataset.seat = game.seat === null ? "" : String(game.seat);
    const awaited = game.awaiting.map((a) => `${this.names(a.seat)} (${words(a.kind).toLowerCase()})`);
    this.status.textContent = game.status === "lobby"
      ? `Waiting for players: ${game.seats.length} of ${game.table_size} seated.`
      : game.status === "revealing"
        ? `Started: waiting for the seats' seeds (until ${new Date(game.reveal_by ?? "").toLocaleTimeString()}).`
      : game.status === "active"
        ? `In play, version ${game.version}. Waiting for ${awaited.join(", ") || "nobody"}.`
        : "The game is over.";
    if (before && before.status !== game.status) announce(this.status.textContent);

    const parts: HTMLElement[] = [];
    if (game.status === "lobby") {
      parts.push(seating(game, { say: (text) => this.say(text), refresh: () => this.refresh() }));
    }
    if (game.status === "finished") parts.push(this.result(game));
    if (game.status === "active") parts.push(this.actions(game));
    if (game.status === "active" && this.canResign()) parts.push(this.resignPanel());
    if (game.view) {
      parts.push(h("section", { class: "card", "aria-labelledby": "view-title", id: "view" },
        h("h2", { id: "view-title" }, game.status === "finished" ? "The table at the end" : "The table"),
        renderView(game, this.names)));
    }
    if (game.status !== "lobby") parts.push(this.events());
    parts.push(h("section", { class: "card small-print", "aria-labelledby": "fair-title" },
      h("h2", { id: "fair-title" }, "Fair dice"),
      h("p", {}, "The server's commitment to its seed (SHA-256), published before anyone chose a seed: ",
        h("code", { id: "commitment", class: "hash" }, game.server_seed_hash)),
      game.server_seed ? h("p", {}, "The server seed, revealed at the end: ",
        h("code", { class: "hash" }, game.server_seed)) : null));
    const active = document.activeElement;
    const inActions = active instanceof HTMLElement && !!active.closest("#actions");
    const focused = active instanceof HTMLElement && this.body.contains(active) ? active.id : "";
    this.body.replaceChildren(...parts);
    // Keep the keyboard where it was: in the move controls, or on the same element.
    if (inActions) this.focusActions();
    else if (focused) document.getElementById(focused)?.focus();
    const myTurn = game.seat !== null && game.awaiting.some((a) => a.seat === game.seat);
    const wasMyTurn = before !== null && before.seat !== null && before.awaiting.some((a) => a.seat === before.seat);
    if (myTurn && !wasMyTurn && before !== null && before.version !== game.version) announce("Your move.");
  }

  private actions(game: Game): HTMLElement {
    // `resign` is offered apart, behind a confirmation (resignPanel), never among the moves.
    const items = (this.legal?.actions ?? []).filter((item) => !isResign(item));
    const mine = game.seat !== null;
    const waiting = game.awaiting.map((a) => this.names(a.seat)).join(", ");
    return h("section", { class: "card actions", id: "actions", "aria-labelledby": "actions-title" },
      h("h2", { id: "actions-title", tabindex: "-1" }, "Your move"),
      !mine ? h("p", {}, "You are watching: you hold no seat at this table.")
        : this.outOfPlay(game) ? h("p", { id: "resigned-note" },
          "You resigned: the game goes on without you. You may watch it to its end.")
        : items.length === 0 ? h("p", { id: "no-actions" }, `Nothing to do now: waiting for ${waiting || "the server"}.`)
          : actionControls(game.game_type, items, game.view, (action) => void this.post(action)));
  }

  /** Whether the legal actions offer `resign` (any game: docs/decider.md, "Resigning"). */
  private canResign(): boolean {
    return (this.legal?.actions ?? []).some(isResign);
  }

  /** Whether this seat has resigned: as this page posted it, as the view says, or as a
   * `player_resigned` event seen here says. */
  private outOfPlay(game: Game): boolean {
    const seat = game.seat;
    if (seat === null || this.canResign()) return false;
    const view = (game.view ?? {}) as { resigned?: unknown; seats?: { seat?: number; resigned?: unknown }[] };
    return this.resignedHere
      || (Array.isArray(view.resigned) && view.resigned.includes(seat))
      || (view.seats ?? []).some((s) => s.seat === seat && s.resigned === true)
      || this.log.some((e) => e.type === "player_resigned" && (e.data as { seat?: number }).seat === seat);
  }

  /** "Resign": a button, then a confirmation in the page (it cannot be undone). */
  private resignPanel(): HTMLElement {
    const panel = h("section", { class: "card resign", id: "resign", "aria-labelledby": "resign-title" });
    const show = (focus: string) => {
      panel.replaceChildren(...this.resignContent(show));
      panel.querySelector<HTMLElement>(focus)?.focus();
    };
    panel.append(...this.resignContent(show));
    return panel;
  }

  private resignContent(show: (focus: string) => void): HTMLElement[] {
    const title = h("h2", { id: "resign-title" }, "Resign");
    if (!this.confirmingResign) {
      return [title, h("p", {}, "Leave this game for good, now or at any time, your turn or not."),
        h("button", { type: "button", class: "secondary", id: "resign-start", onclick: () => {
          this.confirmingResign = true;
          show("#resign-confirm");
        } }, "Resign…")];
    }
    return [title,
      h("p", { id: "resign-question", role: "alert" }, "Resign from this game? It cannot be undone: ",
        "you leave play at once, the others play on without you, and you rank below every player who stays."),
      h("div", { class: "buttons" },
        h("button", { type: "button", class: "danger", id: "resign-confirm",
                      "aria-describedby": "resign-question", onclick: () => {
          this.confirmingResign = false;
          void this.post({ type: "resign" });
        } }, "Yes, resign"),
        h("button", { type: "button", class: "secondary", id: "resign-cancel", onclick: () => {
          this.confirmingResign = false;
          show("#resign-start");
        } }, "No, keep playing"))];
  }

  private events(): HTMLElement {
    return h("section", { class: "card", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title" }, "What happened"),
      this.log.length === 0 ? h("p", {}, "Events appear here as they happen.")
        : h("ul", { class: "log", "aria-label": "The latest events, newest first" },
            [...this.log].reverse().slice(0, 15).map((e) => h("li", { "data-seq": String(e.seq), "data-type": e.type },
              h("span", { class: "muted" }, `${e.seq}. `), e.text))));
  }

  private result(game: Game): HTMLElement {
    const outcome = game.outcome;
    const winners = outcome ? outcome.winners.map((s) => this.names(s)).join(" and ") : "";
    return h("section", { class: "card result", id: "result", "aria-labelledby": "result-title" },
      h("h2", { id: "result-title" }, "Result"),
      outcome?.abandoned ? h("p", {}, "Abandoned: nobody played on, nobody won.")
        : h("p", { class: "winner" }, winners ? `Winner: ${winners}.` : "No winner."),
      outcome ? h("ol", {}, outcome.ranking.map((group) => h("li", {},
        group.map((s, i) => [i ? ", " : "", this.named(s), ` (${outcome.scores[String(s)] ?? 0})`])))) : null,
      ratingChanges(game, this.names),
      rematchPanel(game),
      h("p", {}, h("a", { href: `#/replay/${game.id}`, class: "button" }, "Replay, disputes and audit")),
      publicReplay(game));
  }
}
