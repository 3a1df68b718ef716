/**
 * The inbox (GET /me/games): the player's unfinished games, those awaiting them first
 * (the order is the API's), each with its deadline, last move, seats and a link to its
 * table; above them the rematches the player is invited to (the inbox's `invited`
 * entries, shown by invitations.ts). Read again
 * when the page regains focus and whenever one of the player's games changed
 * (changes.ts: the game stream the page holds, or this page's own moves).
 */
import { call, ProblemError, seatLabel, type Schemas } from "./api";
import { problemText } from "./auth";
import { gameTypes } from "./catalog";
import { onGamesChanged } from "./changes";
import { h, when } from "./dom";
import { invitationList } from "./invitations";

type InboxGame = Schemas["InboxGame"];

const PAGE = 20;

export function showInbox(aside: HTMLElement): () => void {
  const inbox = new Inbox(aside);
  void inbox.refresh();
  const stop = onGamesChanged(() => inbox.soon());
  const focused = () => void inbox.refresh();
  const visible = () => {
    if (document.visibilityState === "visible") void inbox.refresh();
  };
  window.addEventListener("focus", focused);
  document.addEventListener("visibilitychange", visible);
  return () => {
    inbox.close();
    stop();
    window.removeEventListener("focus", focused);
    document.removeEventListener("visibilitychange", visible);
  };
}

class Inbox {
  private games: InboxGame[] = [];
  private next: string | null = null;
  private reading = false;
  private again = false;
  private timer: number | undefined;
  private closed = false;
  private readonly list = h("div", { id: "inbox-games" }, h("p", {}, "Loading…"));
  private readonly invited = h("div", { id: "invitations" });
  private readonly error = h("p", { class: "error", role: "alert", id: "inbox-error" });
  private readonly root = h("section", { class: "card inbox", id: "inbox", "aria-labelledby": "inbox-title",
                                         "data-busy": "true" },
    h("h2", { id: "inbox-title" }, "Your games"), this.invited, this.error, this.list);

  constructor(aside: HTMLElement) {
    aside.replaceChildren(this.root);
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
  }

  /** A refresh in a moment: a burst of changes (a batch of events) makes one read. */
  soon(): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.refresh(), 250);
  }

  /** The first page again (and the invitations); a call during a read makes one more. */
  async refresh(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    this.root.dataset.busy = "true";
    try {
      do {
        this.again = false;
        await this.read();
      } while (this.again && !this.closed);
    } finally {
      this.reading = false;
      this.root.dataset.busy = "false";
    }
  }

  private async read(): Promise<void> {
    try {
      const page = await call("get", "/api/v1/me/games", { query: { limit: PAGE } });
      if (this.closed) return;
      this.games = page.results;
      this.next = page.next;
      await this.render();
      this.error.textContent = "";
    } catch (e) {
      this.error.textContent = e instanceof ProblemError ? problemText(e) : String(e);
    }
  }

  /** The next page, after the ones shown (its `next` URL as the API gave it). */
  private async more(): Promise<void> {
    if (!this.next) return;
    const cursor = new URL(this.next).searchParams.get("cursor") ?? undefined;
    try {
      const page = await call("get", "/api/v1/me/games", { query: { limit: PAGE, cursor } });
      this.games = [...this.games, ...page.results];
      this.next = page.next;
      await this.render();
    } catch (e) {
      this.error.textContent = e instanceof ProblemError ? problemText(e) : String(e);
    }
  }

  /** The invitations above, the games held a seat at below, each in the API's order. */
  private async render(): Promise<void> {
    const types = await gameTypes();
    const name = (slug: string) => types.find((t) => t.slug === slug)?.name ?? slug;
    this.invited.replaceChildren(invitationList(this.games.filter((g) => g.invited)));
    const seated = this.games.filter((g) => !g.invited);
    const waiting = seated.filter((g) => g.my_turn).length;
    this.list.replaceChildren(h("div", {},
      h("p", { id: "inbox-summary" }, seated.length === 0 ? "No games under way: open or join a table."
        : waiting ? `${waiting === 1 ? "One game awaits" : `${waiting} games await`} your move.`
          : "No game awaits your move."),
      seated.length ? h("ol", { class: "inbox-list" }, seated.map((g) => item(g, name(g.game_type))))
        : null,
      this.next ? h("button", { type: "button", class: "secondary small", id: "inbox-more",
                                onclick: () => void this.more() }, "More games") : null));
  }
}

function item(g: InboxGame, name: string): HTMLElement {
  const others = g.seats.filter((s) => s.seat !== g.my_seat).map(seatLabel);
  const state = g.status === "lobby" ? "Waiting for players" : g.my_turn ? "Your turn" : "Their turn";
  return h("li", { class: g.my_turn ? "inbox-game mine" : "inbox-game", "data-game-id": g.id,
                   "data-my-turn": String(g.my_turn), "data-version": String(g.version) },
    h("a", { href: `#/game/${g.id}` }, name),
    " ", h("strong", { class: g.my_turn ? "turn" : "muted" }, state),
    h("br"),
    h("span", { class: "muted" }, others.length ? `with ${others.join(", ")}` : "nobody else seated yet"),
    g.deadline ? [h("br"), "Your clock runs out ", when(g.deadline, "deadline")] : null,
    h("br"), h("span", { class: "muted" }, g.status === "lobby" ? "Opened " : "Last move ", when(g.last_move_at)));
}
