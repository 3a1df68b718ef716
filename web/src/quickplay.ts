/**
 * Quick play: a matchmaking ticket (POST /matchmaking/tickets) for a game type, the
 * table sizes the player accepts and, if they like, bots after some seconds; shown while
 * it waits (with Cancel: DELETE /matchmaking/tickets/{id}); once matched, the page goes
 * to the game. The match is learnt from the live channel's `match_found` (channel.ts),
 * with the ticket read again now and then (GET /matchmaking/tickets/{id}) as a fallback.
 */
import { call, ProblemError, type GameType, type Schemas } from "./api";
import { problemText } from "./auth";
import { onNotice } from "./channel";
import { announce, h } from "./dom";

type Ticket = Schemas["Ticket"];

/** How often the waiting ticket is read, should the channel say nothing (ms). */
const FALLBACK_MS = 5000;
const BOTS: [string, string][] = [["", "Never"], ["10", "After 10 seconds"], ["30", "After 30 seconds"],
  ["60", "After a minute"], ["300", "After 5 minutes"]];

/** The quick-play card's contents; the function returned stops its timers. */
export function quickPlay(slot: HTMLElement, types: GameType[]): () => void {
  const panel = new QuickPlay(slot, types);
  void panel.resume();
  return () => panel.close();
}

class QuickPlay {
  private ticket: Ticket | null = null;
  private timer: number | undefined;
  private readonly stopNotices: () => void;
  private readonly status = h("div", { id: "quickplay-status", role: "status" });
  private readonly error = h("p", { class: "error", role: "alert", id: "quickplay-error" });
  private readonly form: HTMLFormElement;

  constructor(slot: HTMLElement, private readonly types: GameType[]) {
    this.form = this.build();
    slot.replaceChildren(this.form, this.error, this.status);
    this.stopNotices = onNotice((notice) => {
      if (notice.kind === "match_found" && this.ticket) this.matched(notice.game);
    });
  }

  close(): void {
    this.stopNotices();
    window.clearTimeout(this.timer);
    this.ticket = null;
  }

  /** A ticket still waiting from before (another page, a reload) is shown again. */
  async resume(): Promise<void> {
    try {
      const list = await call("get", "/api/v1/matchmaking/tickets");
      const waiting = list.results.find((t) => t.status === "waiting");
      if (waiting) this.waiting(waiting);
    } catch {
      // the form works without it
    }
  }

  private build(): HTMLFormElement {
    const select = h("select", { id: "quick-game-type" }, this.types.map((t) => h("option", { value: t.slug }, t.name)));
    const min = h("input", { id: "quick-min", type: "number", inputmode: "numeric", step: 1, required: true });
    const max = h("input", { id: "quick-max", type: "number", inputmode: "numeric", step: 1, required: true });
    const bots = h("select", { id: "quick-bots", "aria-describedby": "quick-bots-help" },
      BOTS.map(([seconds, label]) => h("option", { value: seconds }, label)));
    const update = () => {
      const type = this.types.find((t) => t.slug === select.value) ?? this.types[0];
      for (const input of [min, max]) {
        input.min = String(type.min_players);
        input.max = String(type.max_players);
      }
      min.value = String(type.min_players);
      max.value = String(Math.max(type.min_players, Math.min(2, type.max_players)));
    };
    select.addEventListener("change", update);
    update();
    const form = h("form", { id: "quickplay-form" },
      h("div", { class: "field" }, h("label", { for: "quick-game-type" }, "Game"), select),
      h("fieldset", { class: "options" }, h("legend", {}, "Table size (players and bots)"),
        h("div", { class: "field" }, h("label", { for: "quick-min" }, "At least"), min),
        h("div", { class: "field" }, h("label", { for: "quick-max" }, "At most"), max)),
      h("div", { class: "field" }, h("label", { for: "quick-bots" }, "Fill the table with bots"), bots,
        h("small", { id: "quick-bots-help" }, "If no one else comes in time, bots take the empty seats.")),
      h("button", { type: "submit", id: "quickplay-start" }, "Play now"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.post(select.value, Number(min.value), Number(max.value), bots.value);
    });
    return form;
  }

  private async post(slug: string, min: number, max: number, bots: string): Promise<void> {
    this.error.textContent = "";
    try {
      const ticket = await call("post", "/api/v1/matchmaking/tickets", { body: {
        game_type: slug, seats: { min, max }, fill_with_bots_after: bots === "" ? null : Number(bots),
      } });
      announce("Looking for players");
      this.waiting(ticket);
    } catch (e) {
      this.error.textContent = e instanceof ProblemError ? problemText(e) : String(e);
    }
  }

  private waiting(ticket: Ticket): void {
    this.ticket = ticket;
    if (ticket.status === "matched" && ticket.game) {
      this.matched(ticket.game);
      return;
    }
    if (ticket.status !== "waiting") {
      this.ended(ticket);
      return;
    }
    const name = this.types.find((t) => t.slug === ticket.game_type)?.name ?? ticket.game_type;
    const size = ticket.seats.min === ticket.seats.max ? `${ticket.seats.min}` : `${ticket.seats.min} to ${ticket.seats.max}`;
    this.form.hidden = true;
    this.status.replaceChildren(h("p", { id: "quickplay-waiting", "data-ticket-id": ticket.id },
      `Looking for a ${name} table of ${size}…`),
      h("button", { type: "button", class: "secondary", id: "quickplay-cancel", onclick: () => void this.cancel() },
        "Cancel"));
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.reread(), FALLBACK_MS);
  }

  /** The fallback: the ticket as the server holds it now. */
  private async reread(): Promise<void> {
    const ticket = this.ticket;
    if (!ticket) return;
    try {
      this.waiting(await call("get", "/api/v1/matchmaking/tickets/{ticket_id}", { params: { ticket_id: ticket.id } }));
    } catch {
      this.timer = window.setTimeout(() => void this.reread(), FALLBACK_MS);
    }
  }

  private async cancel(): Promise<void> {
    const ticket = this.ticket;
    if (!ticket) return;
    try {
      await call("delete", "/api/v1/matchmaking/tickets/{ticket_id}", { params: { ticket_id: ticket.id } });
      this.ended({ ...ticket, status: "cancelled" });
      announce("Quick play cancelled");
    } catch (e) {
      const game = e instanceof ProblemError && e.code === "ticket_matched" ? e.problem.game : null;
      if (game) this.matched(game);
      else this.error.textContent = e instanceof ProblemError ? problemText(e) : String(e);
    }
  }

  private ended(ticket: Ticket): void {
    window.clearTimeout(this.timer);
    this.ticket = null;
    this.form.hidden = false;
    this.status.replaceChildren(h("p", {}, ticket.status === "expired"
      ? "Nobody came in time: try again, or accept bots." : "Quick play cancelled."));
  }

  private matched(gameId: string): void {
    window.clearTimeout(this.timer);
    this.ticket = null;
    announce("Table found");
    location.hash = `#/game/${gameId}`;
  }
}
