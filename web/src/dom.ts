/** A tiny DOM builder: h("button", {type: "button", onclick}, "Roll"). */
type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K, attrs: Attrs = {}, ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value as EventListener);
    } else if (name === "class") {
      el.className = String(value);
    } else if (value === true) {
      el.setAttribute(name, "");
    } else {
      el.setAttribute(name, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el: HTMLElement, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** Says `text` to screen readers (the page's aria-live region). */
export function announce(text: string): void {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  window.setTimeout(() => { region.textContent = text; }, 30);
}

/** "call_bluff" -> "Call bluff". */
export function words(name: string): string {
  const text = name.replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

let ids = 0;
export function uid(prefix: string): string {
  ids += 1;
  return `${prefix}-${ids}`;
}

/** A short text of any JSON value, for tables and logs. */
export function brief(value: unknown): string {
  if (value === null || value === undefined) return "–";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.length ? value.map(brief).join(", ") : "none";
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return "–";
  return entries.map(([k, v]) => `${words(k).toLowerCase()}: ${brief(v)}`).join("; ");
}

/** A moment in the reader's own time: a <time> element, e.g. "27 Nov, 09:00". */
export function when(iso: string, className = ""): HTMLTimeElement {
  const moment = new Date(iso);
  const text = moment.toLocaleString(undefined, { day: "numeric", month: "short", hour: "2-digit",
                                                   minute: "2-digit" });
  return h("time", { datetime: iso, title: moment.toLocaleString(), class: className || null }, text);
}
