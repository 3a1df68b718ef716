/**
 * "One of my games changed": a signal inside the page, so that what lists the player's
 * games (the inbox) reads them again. Sent when the table the page shows reads its game
 * changed (a batch its stream brought, a start, a seat taken: `tableRead`), and by this
 * page's joins and rematches; a listener of the player's live channel can send it too.
 */
import type { Game } from "./api";

const CHANGED = "dice:games-changed";

export function gamesChanged(gameId: string): void {
  window.dispatchEvent(new CustomEvent<string>(CHANGED, { detail: gameId }));
}

/** Calls `listener` on every change; the function returned stops it. */
export function onGamesChanged(listener: (gameId: string) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<string>).detail);
  window.addEventListener(CHANGED, handle);
  return () => window.removeEventListener(CHANGED, handle);
}

/** The table read its game again: a signal if anything an inbox shows has changed. */
export function tableRead(before: Game | null, after: Game): void {
  const key = (g: Game) => JSON.stringify([g.status, g.version, g.seats.length, g.awaiting]);
  if (before !== null && before.id === after.id && key(before) !== key(after)) gamesChanged(after.id);
}
