/**
 * A game's view (GET /games/{id} `view`, or /state at a version) as HTML: a few lines
 * of each game's own (dice as faces, cards as tiles), then every seat's public fields
 * and, folded away, everything else the view holds.
 */
import type { Game, Schemas, State } from "../api";
import { brief, h, words } from "../dom";
import { card, cards, dice, die, facts, seatTable, type Names } from "./parts";

type Slug = Schemas["GameTypeEnum"];
/** A game's view with its type: Game (and State) are unions discriminated by game_type. */
type Typed = { game_type: Game["game_type"]; view: Game["view"] } | { game_type: State["game_type"]; view: State["view"] };

export function renderView(typed: Typed, names: Names): HTMLElement {
  const view = typed.view;
  if (!view) return h("p", {}, "Nothing to show yet.");
  let own: HTMLElement[] = [];
  switch (typed.game_type) {
    case "snake-bones": own = snakeBones(typed.view as Schemas["SnakeBonesView"], names); break;
    case "bamboozled": own = bamboozled(typed.view as Schemas["BamboozledView"], names); break;
    case "dark-knights": own = darkKnights(typed.view as Schemas["DarkKnightsView"], names); break;
    case "skip-bo-dice": own = skipBo(typed.view as Schemas["SkipBoDiceView"], names); break;
    case "bare-bones": own = bareBones(typed.view as Schemas["BareBonesView"], names); break;
  }
  const rest = Object.entries(view as Record<string, unknown>)
    .filter(([k]) => !["seats", "server_seed_hash", "ruleset"].includes(k));
  return h("div", { class: "view", "data-game-type": typed.game_type as Slug },
    own,
    h("h3", {}, "Players"),
    seatTable((view as { seats: object[] }).seats, names,
              typed.game_type === "skip-bo-dice" ? ["piles", "stockpiles"] : []),
    h("details", { class: "raw" }, h("summary", {}, "Everything in this view"),
      h("dl", { class: "facts" }, rest.map(([k, v]) => [h("dt", {}, words(k)), h("dd", {}, brief(v))]))));
}

function awaitingText(awaiting: Record<string, string>, names: Names): string {
  const list = Object.entries(awaiting).map(([seat, kind]) => `${names(Number(seat))} (${words(kind).toLowerCase()})`);
  return list.length ? list.join(", ") : "nobody";
}

function snakeBones(v: Schemas["SnakeBonesView"], names: Names): HTMLElement[] {
  const bid = v.bid ? h("span", {}, `${v.bid.quantity} × `, die(v.bid.face), ` by ${names(v.bid.seat)}`) : "none yet";
  const reveal = v.last_reveal;
  return [
    facts([["Round", v.round], ["Phase", words(v.phase)], ["Waiting for", awaitingText(v.awaiting, names)],
           ["Dice in play", v.dice_in_play], ["Standing bid", bid],
           ["Your dice", v.my_dice === undefined ? undefined : dice(v.my_dice ?? [])]]),
    v.bids.length ? h("div", {}, h("h3", {}, "Bids this round"),
      h("ol", { class: "bids" }, v.bids.map((b) => h("li", {}, `${names(b.seat)}: ${b.quantity} × ${b.face}`)))) : h("span"),
    reveal ? h("div", { class: "reveal" }, h("h3", {}, "Last call"),
      h("p", {}, `${names(reveal.caller)} called ${reveal.call === "bluff" ? "bluff" : "spot-on"} on `,
        `${reveal.bid.quantity} × ${reveal.bid.face} by ${names(reveal.bid.seat)}: counted ${reveal.count}; `,
        reveal.caller_right ? "the caller was right." : "the caller was wrong."),
      h("ul", {}, Object.entries(reveal.dice).map(([seat, faces]) =>
        h("li", {}, `${names(Number(seat))}: `, dice(faces))))) : h("span"),
  ];
}

function bamboozled(v: Schemas["BamboozledView"], names: Names): HTMLElement[] {
  const you = v.you;
  return [
    facts([["Round", v.round], ["Phase", words(v.phase)], ["Waiting for", awaitingText(v.awaiting, names)],
           ["Score to beat", v.score_to_beat ? `${v.score_to_beat} (by ${names(v.score_set_by)})` : "none yet"],
           ["Declared", v.declaration ? `${names(v.declaration.seat)} says ${v.declaration.score}` : null],
           ["Open dice", v.open_dice ? dice(v.open_dice) : undefined],
           ["Your dice", you ? dice(you.dice ?? []) : undefined],
           ["Your cards", you ? cards(you.hand) : undefined],
           ["Deck", `${v.deck_size} cards`], ["Discards", cards(v.discard_pile)]]),
    v.last_call ? h("div", { class: "reveal" }, h("h3", {}, "Last call"),
      h("p", {}, `${names(v.last_call.caller)} called ${names(v.last_call.declarer)}'s ${v.last_call.score}: `,
        dice(v.last_call.dice), ` — ${v.last_call.verdict === "bluff" ? "a bluff" : v.last_call.verdict === "card" ? "backed by a card" : "true"}.`)) : h("span"),
  ];
}

function darkKnights(v: Schemas["DarkKnightsView"], names: Names): HTMLElement[] {
  const shown = (d: Schemas["DarkKnightsShownDie"]) => die(d.face, d.shade, `${d.shade} die ${d.die},`);
  return [
    facts([["Turn", names(v.current)], ["Phase", words(v.phase)], ["Target", v.target],
           ["On the table", v.table.length ? h("span", { class: "dice" }, v.table.map(shown)) : "no dice"],
           ["Turn total", v.turn_total], ["Set score", v.set_score],
           ["A hold would bank", v.hold_value]]),
    h("div", {}, h("h3", {}, "Combinations set aside"), v.combinations.length
      ? h("ol", { start: 0, class: "combinations" }, v.combinations.map((c) =>
          h("li", {}, `value ${c.value}, ${c.score} points: `, h("span", { class: "dice" }, c.dice.map(shown)))))
      : h("p", {}, "none")),
    v.last_turn ? h("p", {}, `Last turn: ${names(v.last_turn.seat)} ${v.last_turn.result} ${v.last_turn.points} points.`) : h("span"),
  ];
}

function skipBo(v: Schemas["SkipBoDiceView"], names: Names): HTMLElement[] {
  const board = (s: Schemas["SkipBoDiceSeatView"]) => h("div", { class: "board" },
    h("h4", {}, `${names(s.seat)}: ${s.score} points, ${s.rerolls_left} re-rolls, ${s.free_skip_bos} free Skip-Bo`),
    h("table", { class: "piles" }, h("caption", { class: "visually-hidden" }, `${names(s.seat)}'s build piles`),
      h("tbody", {}, Object.entries(s.piles).map(([letter, pile]) => h("tr", {},
        h("th", { scope: "row" }, `Pile ${letter}`),
        Array.from({ length: 10 }, (_, i) => h("td", { class: pile.marks[i] !== undefined ? "filled" : "" },
          pile.marks[i] !== undefined ? String(pile.marks[i]) : h("span", { class: "visually-hidden" }, "empty"))))))),
    h("p", {}, "Stockpiles: ", s.stockpiles.map((st, i) => `#${i}: ${st.boxes.map((b) => `${b.value}${b.used ? "✗" : ""}`).join(" ") || "empty"}`).join(" · ")));
  return [
    facts([["Turn", `${v.turn}, ${names(v.active)} rolls`], ["Phase", words(v.phase)],
           ["Waiting for", awaitingText(v.awaiting, names)],
           ["Dice", h("span", { class: "dice" }, v.dice.map((d) =>
             die(d.face, `${d.kind}${d.used ? " used" : ""}`, `${d.kind === "bonus" ? "bonus" : "number"} die ${d.die}${d.used ? " (used)" : ""},`)))],
           ["Bonus values", v.bonus_values.map((b) => `${b.value}${b.claimed_by.length ? ` (claimed by ${b.claimed_by.map(names).join(", ")})` : ""}`).join(", ") || "none"]]),
    h("div", { class: "boards" }, v.seats.map(board)),
  ];
}

function bareBones(v: Schemas["BareBonesView"], names: Names): HTMLElement[] {
  const t = v.turn;
  return [
    facts([["Round", v.round === null ? `draft (${v.draft.picks} of ${v.draft.total} picks)` : `${v.round} of ${v.rounds}`],
           ["Phase", words(v.phase)], ["Waiting for", awaitingText(v.awaiting, names)],
           ["Your hand", v.you === null ? undefined : cards(v.hand ?? [])],
           ["Turn", t ? `${names(t.seat)}: ${words(t.step)}, ${t.coins} coins, ${t.action_units_left} action units left` : null],
           ["Dice", t && t.dice.length ? h("span", { class: "dice" }, t.dice.map((d) => die(d.face, `bb-${d.colour}`, `${d.colour}`))) : undefined]]),
    h("details", {}, h("summary", {}, "Supply"),
      h("ul", { class: "supply" }, v.supply.map((s) => h("li", {}, card(s.card), ` cost ${s.cost}, ${s.count} left`)))),
    h("div", {}, h("h3", {}, "Play areas"), h("ul", {}, v.seats.map((s) =>
      h("li", {}, `${names(s.seat)}: `, s.play_area.length ? s.play_area.map((p) => card(p.card)) : "nothing played")))),
  ];
}
