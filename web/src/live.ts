/**
 * A game's events as they land: the browser's EventSource on GET /games/{id}/stream,
 * opened with a stream ticket (POST /games/{id}/stream-ticket), since EventSource cannot
 * send Authorization. A closed stream (the server ends every stream after a while, or a
 * ticket expired) is opened again with a new ticket, after the last event seen. After
 * a batch (or on opening at the head), a seat that has a turn gets a `turn` frame: its
 * legal actions at that version, so the page never asks for them (docs/platform.md).
 */
import { call, type GameEvent, type Turn } from "./api";

export class LiveEvents {
  private source: EventSource | null = null;
  private stopped = false;
  private retry: number | undefined;

  constructor(
    private readonly gameId: string,
    private readonly types: string[],
    private last: number,
    private readonly onEvent: (event: GameEvent) => void,
    private readonly onReconnect: () => void,
    private readonly onTurn: (turn: Turn) => void,
  ) {}

  /** The last event the stream brought (with its batch's turn frame, if any). */
  get seen(): number {
    return this.last;
  }

  async start(): Promise<void> {
    if (this.stopped) return;
    try {
      const ticket = await call("post", "/api/v1/games/{game_id}/stream-ticket",
                                { params: { game_id: this.gameId } });
      if (this.stopped) return;
      const url = `/api/v1/games/${encodeURIComponent(this.gameId)}/stream?` +
        new URLSearchParams({ ticket: ticket.ticket, after: String(this.last) }).toString();
      const source = new EventSource(url);
      this.source = source;
      const handle = (message: MessageEvent<string>) => {
        const event = JSON.parse(message.data) as GameEvent;
        if (event.seq <= this.last) return;
        this.last = event.seq;
        this.onEvent(event);
      };
      for (const type of this.types) source.addEventListener(type, handle as EventListener);
      source.addEventListener("turn", ((message: MessageEvent<string>) => {
        this.onTurn(JSON.parse(message.data) as Turn);
      }) as EventListener);
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED) this.again();
      };
      source.onopen = () => this.onReconnect();
    } catch {
      this.again();
    }
  }

  private again(): void {
    this.source?.close();
    this.source = null;
    if (this.stopped) return;
    window.clearTimeout(this.retry);
    this.retry = window.setTimeout(() => void this.start(), 1500);
  }

  stop(): void {
    this.stopped = true;
    window.clearTimeout(this.retry);
    this.source?.close();
    this.source = null;
  }
}
