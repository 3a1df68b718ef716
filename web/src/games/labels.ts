/** Words for the actions of each game: "Bid 3 × 4" rather than JSON. Anything not named
 * here is told generically: its type in words, then its fields. */
import { brief, words } from "../dom";

type Action = Record<string, unknown> & { type: string };
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function generic(action: Action): string {
  const rest = Object.entries(action).filter(([k]) => k !== "type");
  return rest.length
    ? `${words(action.type)}: ${rest.map(([k, v]) => `${words(k).toLowerCase()} ${brief(v)}`).join(", ")}`
    : words(action.type);
}

function dieFace(view: unknown, die: number): string | null {
  const v = view as Any | null;
  const dice = (v?.dice ?? v?.table ?? []) as Any[];
  const found = Array.isArray(dice) ? dice.find((d) => d && d.die === die) : undefined;
  if (!found) return null;
  return found.shade ? `${found.shade} ${found.face}` : String(found.face);
}

function dieName(view: unknown, die: number): string {
  const face = dieFace(view, die);
  return face === null ? `die ${die}` : `die ${die} (${face})`;
}

const SUPPLY_COLOURS = ["blue", "yellow", "red", "purple", "green", "black", "white"];

export function actionLabel(slug: string, a: Action, view: unknown): string {
  switch (slug) {
    case "snake-bones":
      if (a.type === "stake") return a.coins === undefined ? "Stake coins" : `Stake ${a.coins} coins`;
      if (a.type === "bid") {
        const q = a.quantity ?? "…";
        const f = a.face ?? "…";
        return `Bid ${q} × ${f}`;
      }
      if (a.type === "call_bluff") return "Call bluff";
      if (a.type === "call_spot_on") return "Call spot-on";
      break;
    case "bamboozled":
      if (a.type === "declare") {
        const card = a.card as Any | null | undefined;
        if (!card) return `Declare ${a.score}`;
        const how = [card.die !== undefined ? `die ${card.die}` : "", card.direction ?? ""]
          .filter(Boolean).join(" ");
        return `Declare ${a.score} with ${words(String(card.name))}${how ? ` (${how})` : ""}`;
      }
      if (a.type === "call") return "Call the bluff";
      if (a.type === "accept") return "Accept";
      if (a.type === "play_card") return `Play ${words(String(a.card))}`;
      if (a.type === "discard") return `Discard ${words(String(a.card))}`;
      break;
    case "dark-knights":
      if (a.type === "set_aside") {
        const groups = (a.groups ?? []) as Any[];
        return "Set aside " + groups.map((g) => {
          const dice = (g.dice as number[]).map((d) => dieName(view, d)).join(", ");
          return g.combination === null ? `new: ${dice}` : `to combination ${g.combination}: ${dice}`;
        }).join("; ");
      }
      if (a.type === "hold") return "Hold (bank the turn)";
      break;
    case "skip-bo-dice": {
      if (a.type === "fill") {
        const s = a.source as Any;
        const from = s.kind === "die" ? dieName(view, s.die as number)
          : s.kind === "stockpile" ? `stockpile ${s.stockpile}` : words(String(s.kind));
        return `Fill pile ${a.pile} from ${from}`;
      }
      if (a.type === "stockpile") return `Write ${dieName(view, a.die as number)} on stockpile ${a.stockpile}`;
      if (a.type === "claim_bonus") {
        const values = ((view as Any | null)?.bonus_values ?? []) as Any[];
        const shown = values.find((v) => v.value_index === a.value_index);
        return `Claim bonus ${shown ? shown.value : `#${a.value_index}`} on pile ${a.pile}`;
      }
      if (a.type === "done") return "Done filling";
      if (a.type === "pass_claim") return "Pass: claim nothing more";
      if (a.type === "reroll") return "Re-roll dice";
      break;
    }
    case "bare-bones":
      if (a.type === "play_card") {
        const extra = a.copy ?? a.returned ?? (a.target !== undefined ? `seat ${a.target}` : undefined) ?? a.amount;
        return `Play ${words(String(a.card))}${extra !== undefined ? ` (${words(String(extra))})` : ""}`;
      }
      if (["draft", "buy", "borrow", "swap_return", "swap_take", "bonus_match"].includes(a.type) && a.card) {
        return `${words(a.type)} ${words(String(a.card))}`;
      }
      if (a.type === "roll") return a.supply_dice ? `Roll ${(a.supply_dice as number[]).length} dice` : "Roll dice";
      if (a.type === "place_hot_potato") return a.onto === null || a.onto === undefined
        ? "Hot Potato onto your own discard pile" : `Hot Potato onto seat ${a.onto}`;
      break;
  }
  return generic(a);
}

/** The label of one item of a Subset choice (a die, mostly). */
export function choiceItemLabel(slug: string, type: string, field: string, value: number,
                                view: unknown): string {
  if (slug === "bare-bones" && field === "supply_dice") {
    return `${words(SUPPLY_COLOURS[Math.floor(value / 4)] ?? "die")} die ${value}`;
  }
  if (slug === "bare-bones" && field === "dice") {
    const dice = ((view as Any | null)?.turn?.dice ?? []) as Any[];
    const d = dice.find((x) => x.die === value);
    return d ? `${words(String(d.colour))} die showing ${d.face}` : `die ${value}`;
  }
  if (slug === "skip-bo-dice" && field === "dice") return dieName(view, value);
  void type;
  return `${words(field)} ${value}`;
}

/** How many of a Subset's items a form starts with checked: the fewest allowed, except
 * where a player nearly always wants them all (Bare Bones: roll every die in play). */
export function startingPicks(slug: string, type: string, min: number, max: number): number {
  return slug === "bare-bones" && type === "roll" ? max : min;
}
