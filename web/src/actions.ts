/**
 * Legal actions as controls (docs/decider.md): every concrete item is a button that posts
 * it as is; every choice (`choose`: IntRange or Subset per field) is a small form whose
 * inputs cover exactly the domain. Everything is a real button, input or label, so the
 * whole game is playable with the keyboard.
 */
import type { IntRange, LegalItem, Subset } from "./api";
import { h, uid, words } from "./dom";
import { actionLabel, choiceItemLabel, startingPicks } from "./games/labels";

export type Chosen = Record<string, unknown> & { type: string };

interface Choice {
  type: string;
  choose: Record<string, IntRange | Subset>;
  [field: string]: unknown;
}

function isChoice(item: LegalItem): item is LegalItem & Choice {
  return "choose" in item && typeof (item as { choose?: unknown }).choose === "object";
}

function isSubset(domain: IntRange | Subset): domain is Subset {
  return "of" in domain;
}

/** The actions panel's content: buttons and forms, grouped by action type. */
export function actionControls(slug: string, items: LegalItem[], view: unknown,
                               post: (action: Chosen) => void): HTMLElement[] {
  const groups = new Map<string, LegalItem[]>();
  for (const item of items) {
    const list = groups.get(item.type) ?? [];
    list.push(item);
    groups.set(item.type, list);
  }
  return [...groups].map(([type, list]) => {
    const id = uid("group");
    return h("div", { class: "action-group", role: "group", "aria-labelledby": id },
      h("h3", { id }, words(type)),
      h("div", { class: "action-items" }, list.map((item) => isChoice(item)
        ? choiceForm(slug, item, view, post)
        : h("button", { type: "button", class: "action", "data-action": JSON.stringify(item),
                        onclick: () => post(item as unknown as Chosen) },
            actionLabel(slug, item as unknown as Chosen, view)))));
  });
}

function choiceForm(slug: string, item: Choice, view: unknown,
                    post: (action: Chosen) => void): HTMLElement {
  const fixed = Object.fromEntries(Object.entries(item).filter(([k]) => k !== "choose"));
  const readers: [string, () => unknown][] = [];
  const error = h("p", { class: "error", role: "alert" });
  const fields = Object.entries(item.choose).map(([name, domain]) => {
    if (isSubset(domain)) {
      const boxes = domain.of.map((value) => {
        const id = uid("pick");
        const box = h("input", { type: "checkbox", id, name, value: String(value) });
        return { value, box, node: h("label", { class: "pick", for: id }, box,
                                     choiceItemLabel(slug, item.type, name, value, view)) };
      });
      // Start with the first items of the list: as few as allowed, or as the game suggests.
      boxes.slice(0, startingPicks(slug, item.type, domain.min_size, domain.max_size))
        .forEach((b) => { b.box.checked = true; });
      readers.push([name, () => boxes.filter((b) => b.box.checked).map((b) => b.value)]);
      const sizes = domain.min_size === domain.max_size ? `exactly ${domain.min_size}`
        : `${domain.min_size} to ${domain.max_size}`;
      return h("fieldset", { class: "subset", "data-field": name },
        h("legend", {}, `${words(name)}: pick ${sizes}`),
        h("div", { class: "picks" }, boxes.map((b) => b.node)),
        h("div", { class: "buttons" },
          h("button", { type: "button", class: "secondary small", onclick: () => {
            boxes.forEach((b, i) => { b.box.checked = i < domain.max_size; });
          } }, "Select all"),
          h("button", { type: "button", class: "secondary small", onclick: () => {
            boxes.forEach((b) => { b.box.checked = false; });
          } }, "Clear")));
    }
    const id = uid("amount");
    const input = h("input", { type: "number", id, name, inputmode: "numeric", required: true,
                               min: domain.minimum, max: domain.maximum, step: 1,
                               value: domain.minimum, "data-field": name });
    readers.push([name, () => Number(input.value)]);
    return h("div", { class: "field inline" },
      h("label", { for: id }, `${words(name)} (${domain.minimum} to ${domain.maximum})`), input);
  });
  const form = h("form", { class: "choice", "data-choice": JSON.stringify(item) },
    h("p", { class: "choice-title" }, actionLabel(slug, fixed as Chosen, view)),
    fields, error,
    h("button", { type: "submit", class: "action" }, words(item.type)));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen: Chosen = { ...(fixed as Chosen) };
    for (const [name, read] of readers) chosen[name] = read();
    const problem = check(item, chosen);
    if (problem) {
      error.textContent = problem;
      return;
    }
    error.textContent = "";
    post(chosen);
  });
  return form;
}

/** Why the chosen values are outside the item's domains, or null. */
function check(item: Choice, chosen: Chosen): string | null {
  for (const [name, domain] of Object.entries(item.choose)) {
    const value = chosen[name];
    if (isSubset(domain)) {
      const list = value as number[];
      if (list.length < domain.min_size || list.length > domain.max_size) {
        return `Pick ${domain.min_size} to ${domain.max_size} for ${words(name).toLowerCase()}.`;
      }
      if ((domain.excluded ?? []).some((x) => x.length === list.length && x.every((v, i) => v === list[i]))) {
        return `That choice of ${words(name).toLowerCase()} is not allowed.`;
      }
    } else {
      const n = value as number;
      if (!Number.isInteger(n) || n < domain.minimum || n > domain.maximum) {
        return `${words(name)} must be a whole number from ${domain.minimum} to ${domain.maximum}.`;
      }
    }
  }
  return null;
}
