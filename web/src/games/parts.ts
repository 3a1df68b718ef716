/** Small pieces every game's rendering uses: dice as faces, cards as labelled tiles,
 * a seat's name, a definition list. */
import { brief, h, words } from "../dom";

const PIPS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** A die showing `face` (a number, or "SB"), with its value in words for screen readers. */
export function die(face: number | string, extra = "", note = ""): HTMLElement {
  const pip = typeof face === "number" && face >= 1 && face <= 6 ? PIPS[face] : "";
  return h("span", { class: `die ${extra}`.trim(), role: "img",
                     "aria-label": `${note ? `${note} ` : ""}die showing ${face}` },
    pip ? h("span", { class: "pip", "aria-hidden": "true" }, pip) : null,
    h("span", { class: "face", "aria-hidden": "true" }, String(face)));
}

export function dice(faces: (number | string)[] | null | undefined, extra = ""): HTMLElement {
  if (!faces || !faces.length) return h("span", { class: "muted" }, "none");
  return h("span", { class: "dice" }, faces.map((f) => die(f, extra)));
}

export function card(name: string, note = ""): HTMLElement {
  return h("span", { class: `card card-${name.split("_")[0]}` }, words(name), note ? ` ${note}` : "");
}

export function cards(names: readonly string[] | null | undefined): HTMLElement {
  if (!names || !names.length) return h("span", { class: "muted" }, "none");
  return h("span", { class: "cards" }, names.map((n) => card(n)));
}

export type Names = (seat: number | null | undefined) => string;

export function facts(rows: [string, Node | string | number | null | undefined][]): HTMLElement {
  return h("dl", { class: "facts" }, rows.filter(([, v]) => v !== undefined).map(([k, v]) => [
    h("dt", {}, k), h("dd", {}, v === null ? "–" : v instanceof Node ? v : String(v))]));
}

/** Every seat's public fields as a table, one row a seat. */
export function seatTable(seats: object[], names: Names, skip: string[] = []): HTMLElement {
  const keys = [...new Set(seats.flatMap((s) => Object.keys(s)))]
    .filter((k) => k !== "seat" && !skip.includes(k));
  return h("table", { class: "seats" },
    h("caption", { class: "visually-hidden" }, "Players"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"),
      keys.map((k) => h("th", { scope: "col" }, words(k))))),
    h("tbody", {}, seats.map((s) => {
      const row = s as Record<string, unknown>;
      return h("tr", { "data-seat": String(row.seat) },
        h("th", { scope: "row" }, names(row.seat as number)),
        keys.map((k) => h("td", {}, brief(row[k]))));
    })));
}
