/**
 * A finished rated game's rating changes at its table (the game's `rating_changes`, by
 * seat: the rating before and after, as the displayed ordinal). The ratings projection
 * applies a game moments after its end, so until then the field is null: the table reads
 * the game again meanwhile (`ratingPending`) and shows the changes once they are there.
 */
import type { Game } from "./api";
import { h } from "./dom";
import type { Names } from "./games/parts";
import { playerLink } from "./profile";

/** How long after its end a rated game's changes are waited for (ms). */
const WAIT_MS = 120_000;

export function ratingPending(game: Game): boolean {
  return game.status === "finished" && game.rated && !game.rating_changes && game.finished_at !== null
    && Date.now() - Date.parse(game.finished_at) < WAIT_MS;
}

export function ratingChanges(game: Game, names: Names): HTMLElement | null {
  if (!game.rated) return null;
  const changes = game.rating_changes;
  if (!changes) {
    return h("p", { id: "rating-changes", "data-ready": "false", class: "muted" },
      ratingPending(game) ? "Rating changes: being worked out…" : "Rating changes: not available yet.");
  }
  return h("div", { id: "rating-changes", "data-ready": "true" },
    h("h3", {}, "Rating changes"),
    h("ul", {}, [...changes].sort((a, b) => a.place - b.place).map((c) => {
      const seat = game.seats.find((s) => s.seat === c.seat);
      const delta = c.after.ordinal - c.before.ordinal;
      return h("li", { "data-seat": String(c.seat) },
        seat?.player ? playerLink(seat.player) : names(c.seat), ": ",
        `${c.before.ordinal.toFixed(1)} → ${c.after.ordinal.toFixed(1)} `,
        h("strong", {}, `(${delta >= 0 ? "+" : "−"}${Math.abs(delta).toFixed(1)})`));
    })));
}
