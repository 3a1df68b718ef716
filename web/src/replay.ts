/**
 * Replay and dispute a game: a slider over its batches (GET /state?version=N, where N is
 * an event with `batch_end`), the events of each batch, the dispute report of every bluff
 * call (GET /challenges) at the step where it happened, and, once the game is over, the
 * audit's verdict (GET /audit) with the server seed and the commitment players were shown.
 */
import { call, ProblemError, seatLabel, type Audit, type Challenge, type Game, type GameEvent, type State } from "./api";
import { problemText } from "./auth";
import { gameName } from "./catalog";
import { brief, h, words } from "./dom";
import { renderView } from "./games/render";
import { dice, type Names } from "./games/parts";
import { serverCommitment } from "./seeds";
import { commitments } from "./session";

export function showReplay(main: HTMLElement, gameId: string): null {
  void new Replay(main, gameId).open();
  return null;
}

async function allEvents(gameId: string): Promise<GameEvent[]> {
  const events: GameEvent[] = [];
  let after = 0;
  for (;;) {
    const page = await call("get", "/api/v1/games/{game_id}/events",
                            { params: { game_id: gameId }, query: { after, limit: 200 } });
    events.push(...page.events);
    if (page.next_after === null || page.next_after === undefined || !page.events.length) return events;
    after = page.next_after;
  }
}

class Replay {
  private game!: Game;
  private events: GameEvent[] = [];
  private ends: number[] = [];
  private challenges: Challenge[] = [];
  private step = 0;
  private readonly root: HTMLElement;
  private readonly slider = h("input", { type: "range", id: "replay-step", min: 0, max: 0, value: 0, step: 1 });
  private readonly stepText = h("output", { id: "replay-position", for: "replay-step" });
  private readonly stage = h("div", { id: "replay-stage", "aria-live": "polite" });
  private readonly dispute = h("div", { id: "dispute" });
  private readonly audit = h("section", { class: "card", id: "audit", "aria-labelledby": "audit-title" },
    h("h2", { id: "audit-title" }, "Audit"), h("p", {}, "Loading…"));

  constructor(main: HTMLElement, private readonly gameId: string) {
    this.root = h("section", { id: "replay", "aria-labelledby": "replay-title", "data-busy": "true",
                               "data-game-id": gameId },
      h("h1", { id: "replay-title", tabindex: "-1" }, "Replay"));
    main.replaceChildren(this.root);
  }

  private names: Names = (seat) => {
    if (seat === null || seat === undefined) return "nobody";
    const found = this.game.seats.find((s) => s.seat === seat);
    return found ? seatLabel(found) : `seat ${seat}`;
  };

  async open(): Promise<void> {
    try {
      this.game = await call("get", "/api/v1/games/{game_id}", { params: { game_id: this.gameId } });
      const [events, challenges] = await Promise.all([
        allEvents(this.gameId),
        call("get", "/api/v1/games/{game_id}/challenges", { params: { game_id: this.gameId } })
          // Typed per game: a game without calls lists none (its items are empty objects).
          .then((c) => c.challenges.filter((r): r is Challenge => "seq" in r))
          .catch(() => [] as Challenge[]),
      ]);
      this.events = events;
      this.challenges = challenges;
      this.ends = events.filter((e) => e.batch_end).map((e) => e.seq);
    } catch (e) {
      this.root.append(h("p", { role: "alert", class: "error" }, e instanceof ProblemError ? problemText(e) : String(e)));
      return;
    }
    const name = await gameName(this.game.game_type);
    (this.root.querySelector("#replay-title") as HTMLElement).textContent = `Replay: ${name}`;
    document.title = `Replay ${name} · Dice Games`;
    this.slider.max = String(Math.max(0, this.ends.length - 1));
    this.slider.setAttribute("aria-label", "Step through the game, batch by batch");
    this.slider.addEventListener("input", () => void this.show(Number(this.slider.value)));
    const calls = this.challenges.map((c) => h("li", {}, h("button", { type: "button", class: "secondary small",
      "data-challenge-seq": String(c.seq),
      onclick: () => void this.show(this.stepOf(c.seq), true) },
      `${words(c.kind)} call by ${this.names(c.caller)} at event ${c.seq}${c.round ? ` (round ${c.round})` : ""}`)));
    this.root.append(
      h("p", {}, `${this.events.length} events in ${this.ends.length} batches. `,
        this.game.status === "finished" ? "The game is over." : "The game is still running: this is so far."),
      h("section", { class: "card", "aria-labelledby": "controls-title" },
        h("h2", { id: "controls-title" }, "Step"),
        h("div", { class: "replay-controls" },
          h("button", { type: "button", id: "replay-first", class: "secondary", onclick: () => void this.show(0) }, "First"),
          h("button", { type: "button", id: "replay-prev", class: "secondary", onclick: () => void this.show(this.step - 1) }, "◀ Previous"),
          h("label", { for: "replay-step", class: "visually-hidden" }, "Batch"), this.slider,
          h("button", { type: "button", id: "replay-next", class: "secondary", onclick: () => void this.show(this.step + 1) }, "Next ▶"),
          h("button", { type: "button", id: "replay-last", class: "secondary", onclick: () => void this.show(this.ends.length - 1) }, "Last")),
        this.stepText,
        this.challenges.length ? h("div", {}, h("h3", {}, "Calls to dispute"), h("ul", { class: "calls" }, calls))
          : h("p", {}, "No bluff was called in this game.")),
      this.dispute, this.stage, this.audit);
    await this.show(0);
    this.root.dataset.busy = "false";
    void this.loadAudit();
  }

  private stepOf(seq: number): number {
    const index = this.ends.findIndex((end) => end >= seq);
    return index < 0 ? this.ends.length - 1 : index;
  }

  private async show(step: number, focus = false): Promise<void> {
    if (!this.ends.length) return;
    this.step = Math.max(0, Math.min(this.ends.length - 1, step));
    this.slider.value = String(this.step);
    const version = this.ends[this.step];
    const from = this.step === 0 ? 1 : this.ends[this.step - 1] + 1;
    const batch = this.events.filter((e) => e.seq >= from && e.seq <= version);
    this.root.dataset.busy = "true";
    this.stepText.textContent = `Batch ${this.step + 1} of ${this.ends.length}: events ${from} to ${version}`;
    let state: State;
    try {
      state = await call("get", "/api/v1/games/{game_id}/state",
                         { params: { game_id: this.gameId }, query: { version } });
    } catch (e) {
      this.stage.replaceChildren(h("p", { role: "alert" }, e instanceof ProblemError ? problemText(e) : String(e)));
      this.root.dataset.busy = "false";
      return;
    }
    if (Number(this.slider.value) !== this.step) return; // moved on meanwhile
    this.root.dataset.version = String(version);
    const calls = this.challenges.filter((c) => c.seq >= from && c.seq <= version);
    this.dispute.replaceChildren(...calls.map((c) => this.report(c)));
    this.stage.replaceChildren(
      h("section", { class: "card", "aria-labelledby": "batch-title" },
        h("h2", { id: "batch-title" }, `What happened in batch ${this.step + 1}`),
        h("ol", { class: "log", start: from }, batch.map((e) => h("li", { "data-seq": String(e.seq), "data-type": e.type },
          e.text)))),
      h("section", { class: "card", "aria-labelledby": "state-title" },
        h("h2", { id: "state-title" }, `The table after event ${version}`),
        renderView(state, this.names)));
    this.root.dataset.busy = "false";
    if (focus && calls.length) (this.dispute.querySelector("h2") as HTMLElement | null)?.focus();
  }

  /** One dispute report: the claim, what each party knew, the reveal and the rule. */
  private report(c: Challenge): HTMLElement {
    const id = `report-${c.seq}`;
    return h("section", { class: "card report", id, "aria-labelledby": `${id}-title`, "data-challenge": String(c.seq) },
      h("h2", { id: `${id}-title`, tabindex: "-1" }, `Dispute report: ${words(c.kind).toLowerCase()} call at event ${c.seq}`),
      h("p", {}, `${this.names(c.caller)} called ${this.names(c.challenged)}'s claim: `, h("q", {}, c.claim.text), "."),
      h("h3", {}, "What was revealed"),
      h("ul", {}, Object.entries(c.revealed.dice).map(([seat, faces]) =>
        h("li", {}, `${this.names(Number(seat))}: `, dice(faces)))),
      Object.keys(c.revealed.details).length ? h("p", {}, brief(c.revealed.details)) : null,
      h("h3", {}, "Each party"),
      h("ul", {}, c.parties.map((p) => h("li", {}, `${this.names(p.seat)} (${p.role}): `,
        p.knew.dice ? ["knew their own dice ", dice(p.knew.dice), "; "] : "",
        p.claimed.length ? `claimed ${p.claimed.map((x) => x.text).join(", then ")}` : "claimed nothing"))),
      h("h3", {}, "The rule"),
      h("p", { class: "rule" }, h("code", {}, c.rule.code), ": ", c.rule.text),
      h("p", { class: c.caller_right ? "verdict ok" : "verdict bad" },
        c.caller_right ? "The caller was right." : "The caller was wrong.",
        ` Lost: ${c.outcome.losers.map(this.names).join(", ") || "nobody"}.`,
        c.outcome.out.length ? ` Out: ${c.outcome.out.map(this.names).join(", ")}.` : ""));
  }

  private async loadAudit(): Promise<void> {
    const title = this.audit.querySelector("h2") as HTMLElement;
    if (this.game.status !== "finished") {
      this.audit.replaceChildren(title, h("p", {}, "The audit is published when the game is over; the commitment now: ",
        h("code", { class: "hash" }, this.game.server_seed_hash)));
      return;
    }
    let audit: Audit;
    try {
      audit = await call("get", "/api/v1/games/{game_id}/audit", { params: { game_id: this.gameId } });
    } catch (e) {
      this.audit.replaceChildren(title, h("p", { role: "alert" }, e instanceof ProblemError ? problemText(e) : String(e)));
      return;
    }
    const v = audit.verdict;
    const seen = commitments.seen(this.gameId);
    const computed = await serverCommitment(audit.game.server_seed, audit.game.dice_scheme);
    const check = (ok: boolean, text: string) => h("li", { class: ok ? "ok" : "bad" }, ok ? "✔ " : "✘ ", text);
    this.audit.replaceChildren(title,
      h("p", { id: "audit-verdict", class: v.ok ? "verdict ok" : "verdict bad" },
        v.ok ? "Verdict: every check passed." : "Verdict: a check failed."),
      h("ul", { class: "checks" },
        check(v.chain_intact, "the hash chain of the events is intact"),
        check(v.seed_matches, "the server seed matches its commitment"),
        check(v.rolls_match, `every one of ${v.draws} dice recomputes from the seeds`),
        check(v.replay_matches, `the rules reproduce all ${v.batches} batches and the outcome`)),
      h("dl", { class: "facts" },
        h("dt", {}, "Commitment shown to the players"), h("dd", {}, h("code", { class: "hash", id: "audit-commitment" }, audit.game.server_seed_hash)),
        h("dt", {}, "Server seed, revealed"), h("dd", {}, h("code", { class: "hash", id: "audit-seed" }, audit.game.server_seed)),
        h("dt", {}, audit.game.dice_scheme >= 3 ? "SHA-256 of \"dice/3:\" and the seed, computed here"
          : "SHA-256 of the seed, computed here"), h("dd", {}, computed
          ? [h("code", { class: "hash" }, computed), computed === audit.game.server_seed_hash ? " (matches)" : " (does not match!)"]
          : "not available in this browser"),
        h("dt", {}, "The commitment this browser saw during play"), h("dd", {}, seen
          ? [h("code", { class: "hash" }, seen), seen === audit.game.server_seed_hash ? " (the same)" : " (different!)"]
          : "none kept (this browser did not follow the game)")),
      h("ul", { class: "problems" }, v.problems.map((p) => h("li", {}, `${p.check} at ${p.seq ?? "the game"}: ${p.detail}`))),
      h("p", {}, "Check it yourself: ", h("code", {}, "dice-verify audit.json --commitment <the hash you kept>"),
        " (see the README's audits section)."));
  }
}
