/**
 * "One of my games changed": a signal inside the page, so that what lists the player's
 * games (the inbox) reads them again. Sent by the game stream the page holds (live.ts)
 * when a batch lands, and by this page's own moves, joins and rematches; a listener of
 * the player's live channel can send it too.
 */
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
