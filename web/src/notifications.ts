/**
 * The "Notifications" card beside the inbox (issue #30): where Web Push stands in this
 * browser (not possible here, not offered by the server, blocked, off, on) and the one
 * button that turns it on or off. The browser's permission is asked on that click only
 * (push.ts `turnOn`). On, the player chooses which notices come (GET / PATCH
 * /me/notifications).
 */
import { ProblemError } from "./api";
import { problemText } from "./auth";
import { h } from "./dom";
import {
  changeSetting, NOTICE_KINDS, type NoticeKind, type NotificationSettings, pushState, type PushState,
  readSettings, turnOff, turnOn,
} from "./push";

const SAYS: Record<PushState, string> = {
  unsupported: "This browser cannot show notifications from this page.",
  disabled: "This server does not send notifications.",
  denied: "Notifications are blocked for this page in your browser's settings.",
  off: "Get a notification when a game awaits you, even with this page closed.",
  on: "Notifications are on in this browser.",
};

const KIND_LABELS: Record<NoticeKind, string> = {
  your_turn: "It is your turn",
  match_found: "Quick play found a table",
  rematch_offered: "A rematch invites you",
  clock_warning: "Your clock runs low",
  game_finished: "A game ended",
};

export function showNotifications(aside: HTMLElement): () => void {
  const card = new NotificationsCard();
  aside.append(card.root);
  void card.refresh();
  return () => card.close();
}

class NotificationsCard {
  private state: PushState | "busy" = "busy";
  private closed = false;
  private readonly status = h("p", { id: "notifications-status", "aria-live": "polite" }, "Loading…");
  private readonly error = h("p", { class: "error", role: "alert", id: "notifications-error" });
  private readonly toggle = h("button", { type: "button", id: "notifications-toggle", class: "secondary small",
                                          hidden: true, onclick: () => void this.flip() }, "");
  private readonly kinds = h("div", { id: "notification-kinds" });
  readonly root = h("section", { class: "card notifications", id: "notifications", "data-state": "busy",
                                 "aria-labelledby": "notifications-title" },
    h("h2", { id: "notifications-title" }, "Notifications"), this.status, this.error, this.toggle, this.kinds);

  close(): void {
    this.closed = true;
  }

  async refresh(): Promise<void> {
    try {
      this.show(await pushState());
    } catch (e) {
      this.show("off", e);
    }
  }

  private show(state: PushState | "busy", error?: unknown): void {
    if (this.closed) return;
    this.state = state;
    this.root.dataset.state = state;
    this.error.textContent = error === undefined ? "" : message(error);
    this.status.textContent = state === "busy" ? "One moment…" : SAYS[state];
    const offers = state === "on" || state === "off" || state === "busy";
    this.toggle.hidden = !offers;
    this.toggle.disabled = state === "busy";
    if (state !== "busy") this.toggle.textContent = state === "on" ? "Turn off notifications" : "Turn on notifications";
    if (state === "on") void this.showKinds();
    else this.kinds.replaceChildren();
  }

  /** On the player's click only: the browser asks its permission from here. */
  private async flip(): Promise<void> {
    const wasOn = this.state === "on";
    this.show("busy");
    try {
      this.show(wasOn ? await turnOff() : await turnOn());
    } catch (e) {
      this.show(wasOn ? "on" : "off", e);
    }
  }

  private async showKinds(): Promise<void> {
    let settings: NotificationSettings;
    try {
      settings = await readSettings();
    } catch (e) {
      this.error.textContent = message(e);
      return;
    }
    if (this.closed || this.state !== "on") return;
    this.kinds.replaceChildren(h("fieldset", {},
      h("legend", {}, "Notify me when"),
      NOTICE_KINDS.map((kind) => h("label", { class: "check" },
        h("input", { type: "checkbox", name: "notify", value: kind, checked: settings.push[kind] !== false,
                     onchange: (event: Event) => void this.change(kind, event.target as HTMLInputElement) }),
        " ", KIND_LABELS[kind]))));
  }

  private async change(kind: NoticeKind, box: HTMLInputElement): Promise<void> {
    box.disabled = true;
    try {
      const settings = await changeSetting(kind, box.checked);
      box.checked = settings.push[kind] !== false;
      this.error.textContent = "";
    } catch (e) {
      box.checked = !box.checked;
      this.error.textContent = message(e);
    } finally {
      box.disabled = false;
    }
  }
}

function message(e: unknown): string {
  if (e instanceof ProblemError) return problemText(e);
  if (e instanceof DOMException) return `Notifications could not be changed: ${e.message}`;
  if (e instanceof Error) return e.message;
  return String(e);
}
