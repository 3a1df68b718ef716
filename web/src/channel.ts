/**
 * The player's live channel: one EventSource on GET /me/stream for the whole page,
 * opened with a stream ticket (POST /me/stream-ticket: an EventSource cannot send
 * Authorization) and opened again with a fresh ticket, after the last notice seen,
 * whenever it drops. Each notice signals `gamesChanged()` (so the inbox reads again),
 * is said in the polite live region and shown under the banner (the latest three), and reaches
 * whoever listens (`onNotice`: quick play waits for its `match_found` here).
 */
import { call, type Schemas } from "./api";
import { gameTypes } from "./catalog";
import { gamesChanged } from "./changes";
import { announce, h } from "./dom";

export type Notice = Schemas["Notice"];
type Kind = Notice["kind"];

const KINDS: Kind[] = ["your_turn", "game_started", "game_finished", "rematch_offered",
                       "match_found", "clock_warning"];
/** Notices written this long before the page opened the channel are history: not said. */
const HISTORY_MS = 5000;

/** The latest notices shown under the banner. */
const SHOWN = 3;

const listeners = new Set<(notice: Notice) => void>();

/** Calls `listener` on every notice from now on; the function returned stops it. */
export function onNotice(listener: (notice: Notice) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

class Channel {
  private source: EventSource | null = null;
  private stopped = false;
  private retry: number | undefined;
  private last = 0;
  private readonly opened = Date.now();

  async start(): Promise<void> {
    if (this.stopped) return;
    try {
      const ticket = await call("post", "/api/v1/me/stream-ticket");
      if (this.stopped) return;
      const query = new URLSearchParams({ ticket: ticket.ticket, after: String(this.last) });
      const source = new EventSource(`/api/v1/me/stream?${query.toString()}`);
      this.source = source;
      for (const kind of KINDS) source.addEventListener(kind, ((m: MessageEvent<string>) => this.receive(m)) as EventListener);
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED) this.again();
      };
      source.onopen = () => {
        document.body.dataset.channel = "open";
      };
    } catch {
      this.again();
    }
  }

  private receive(message: MessageEvent<string>): void {
    const notice = JSON.parse(message.data) as Notice;
    if (notice.seq <= this.last) return;
    this.last = notice.seq;
    gamesChanged(notice.game);
    if (Date.parse(notice.at) >= this.opened - HISTORY_MS) void tell(notice);
    listeners.forEach((listener) => listener(notice));
  }

  private again(): void {
    this.source?.close();
    this.source = null;
    document.body.dataset.channel = "closed";
    if (this.stopped) return;
    window.clearTimeout(this.retry);
    this.retry = window.setTimeout(() => void this.start(), 1500);
  }

  stop(): void {
    this.stopped = true;
    window.clearTimeout(this.retry);
    this.source?.close();
    this.source = null;
    document.body.dataset.channel = "closed";
  }
}

let channel: Channel | null = null;

/** Opens the channel (once, while someone is logged in). */
export function openChannel(): void {
  if (channel) return;
  channel = new Channel();
  void channel.start();
}

/** Closes it (at logout). */
export function closeChannel(): void {
  channel?.stop();
  channel = null;
}

/** The notice in words, said and shown with a link to its table. */
async function tell(notice: Notice): Promise<void> {
  const types = await gameTypes().catch(() => []);
  const game = types.find((t) => t.slug === notice.game_type)?.name ?? notice.game_type;
  const text = sentence(notice.kind, game);
  if (!text) return;
  announce(text);
  const line = document.getElementById("notice-line");
  if (!line) return;
  const list = line.querySelector("ul") ?? line.appendChild(h("ul", { "aria-label": "Latest notices" }));
  list.prepend(h("li", { class: "notice", "data-kind": notice.kind, "data-game-id": notice.game },
    text, " ", h("a", { href: `#/game/${notice.game}` }, "Open the table")));
  while (list.children.length > SHOWN) list.lastElementChild?.remove();
}

function sentence(kind: Kind, game: string): string {
  switch (kind) {
    case "your_turn": return `Your turn in ${game}.`;
    case "game_started": return `Your ${game} game started.`;
    case "game_finished": return `Your ${game} game is over.`;
    case "rematch_offered": return `You are invited to play ${game} again.`;
    case "match_found": return `Quick play found you a ${game} table.`;
    case "clock_warning": return `Your clock in ${game} is running out.`;
    case "rating_changed": return `Your ${game} rating changed.`;
    case "seeds_requested": return `Your ${game} game started: its seeds are being revealed.`;
  }
}
