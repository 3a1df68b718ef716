/** The lobby: open tables to join, one's own games, and a form to open a table. */
import { call, ProblemError, seatLabel, type Game, type GameType, type Option, type Schemas } from "./api";
import { problemText } from "./auth";
import { gameTypes } from "./catalog";
import { announce, h, words } from "./dom";
import { leaderboardLinks } from "./leaderboard";
import { quickPlay } from "./quickplay";
import { watchable, watchList } from "./watch";

export function showLobby(main: HTMLElement): () => void {
  const open = h("div", { id: "open-tables", "aria-busy": "true" }, h("p", {}, "Loading…"));
  const mine = h("div", { id: "my-games", "aria-busy": "true" }, h("p", {}, "Loading…"));
  const watch = h("div", { id: "watch-games", "aria-busy": "true" }, h("p", {}, "Loading…"));
  const createSlot = h("div", {});
  const quickSlot = h("div", {}, h("p", {}, "Loading…"));
  const boards = h("div", {});
  let stopQuick = () => {};
  main.replaceChildren(
    h("h1", {}, "Lobby"),
    h("section", { class: "card", "aria-labelledby": "quickplay-title" },
      h("h2", { id: "quickplay-title" }, "Quick play"),
      h("p", { class: "muted" }, "Say what you would like to play: the server seats you with others who want the same."),
      quickSlot),
    h("div", { class: "columns" },
      h("section", { class: "card", "aria-labelledby": "create-title" },
        h("h2", { id: "create-title" }, "Open a table"), createSlot),
      h("section", { class: "card", "aria-labelledby": "open-title" },
        h("h2", { id: "open-title" }, "Open tables"),
        h("button", { type: "button", class: "secondary small", onclick: () => void load() },
          "Refresh"),
        open)),
    h("section", { class: "card", "aria-labelledby": "mine-title" },
      h("h2", { id: "mine-title" }, "My games"), mine),
    h("section", { class: "card", "aria-labelledby": "watch-title" },
      h("h2", { id: "watch-title" }, "Games to watch"), watch),
    h("section", { class: "card", "aria-labelledby": "boards-title" },
      h("h2", { id: "boards-title" }, "Leaderboards"), boards));

  void gameTypes().then((types) => {
    createSlot.replaceChildren(createForm(types));
    stopQuick = quickPlay(quickSlot, types);
    boards.replaceChildren(leaderboardLinks(types));
  })
    .catch((e: unknown) => createSlot.replaceChildren(h("p", { role: "alert" }, String(e))));

  async function load(): Promise<void> {
    try {
      const [lobby, own, watched] = await Promise.all([
        call("get", "/api/v1/games", { query: { status: "lobby", limit: 50 } }),
        call("get", "/api/v1/games", { query: { mine: true, limit: 50 } }),
        watchable(),
      ]);
      const types = await gameTypes();
      open.replaceChildren(gameList(lobby.results.filter((g) => g.seat === null), types,
                                    "No open tables: open one."));
      mine.replaceChildren(gameList(own.results, types, "You have no games yet."));
      watch.replaceChildren(watchList(watched, types));
    } catch (e) {
      open.replaceChildren(h("p", { role: "alert" }, String(e)));
    }
    open.setAttribute("aria-busy", "false");
    mine.setAttribute("aria-busy", "false");
    watch.setAttribute("aria-busy", "false");
  }
  void load();
  const timer = window.setInterval(() => void load(), 5000);
  return () => {
    window.clearInterval(timer);
    stopQuick();
  };
}

function gameList(games: Game[], types: GameType[], empty: string): HTMLElement {
  if (!games.length) return h("p", {}, empty);
  const name = (slug: string) => types.find((t) => t.slug === slug)?.name ?? slug;
  return h("table", { class: "list" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "Game"), h("th", { scope: "col" }, "Players"),
      h("th", { scope: "col" }, "Status"), h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, "Actions")))),
    h("tbody", {}, games.map((g) => h("tr", { "data-game-id": g.id },
      h("td", {}, name(g.game_type)),
      h("td", {}, `${g.seats.map(seatLabel).join(", ")} (${g.seats.length}/${g.table_size})`),
      h("td", {}, statusText(g)),
      h("td", {}, actionsFor(g))))));
}

function statusText(g: Game): string {
  if (g.status === "finished") return "finished";
  if (g.status === "lobby") return "waiting for players";
  const me = g.seat;
  return me !== null && g.awaiting.some((a) => a.seat === me) ? "your move" : "in play";
}

function actionsFor(g: Game): HTMLElement {
  const label = g.game_type.replace(/-/g, " ");
  if (g.status === "lobby" && g.seat === null && g.seats.length < g.table_size) {
    return h("button", { type: "button", "aria-label": `Join ${g.creator}'s ${label} table`,
                         onclick: async (event: Event) => {
      const button = event.currentTarget as HTMLButtonElement;
      button.disabled = true;
      try {
        await call("post", "/api/v1/games/{game_id}/join", { params: { game_id: g.id }, body: {} });
        announce("Joined the table");
        location.hash = `#/game/${g.id}`;
      } catch (e) {
        button.disabled = false;
        button.after(h("span", { role: "alert", class: "error" },
          e instanceof ProblemError ? problemText(e) : String(e)));
      }
    } }, "Join");
  }
  return h("span", { class: "links" },
    h("a", { href: `#/game/${g.id}` }, g.status === "finished" ? "Result" : "Open"),
    g.status === "finished" ? [" · ", h("a", { href: `#/replay/${g.id}` }, "Replay")] : null);
}

/** One input per option, from the option's JSON schema. */
function optionField(option: Option): { node: HTMLElement; read: () => unknown } {
  const id = `option-${option.name}`;
  const schema = option.schema as { type?: string; enum?: string[]; minimum?: number;
                                    maximum?: number; anyOf?: { type?: string; enum?: string[]; minimum?: number }[] };
  const label = h("label", { for: id }, words(option.name));
  const help = h("small", { id: `${id}-help` }, option.description);
  const described = { "aria-describedby": `${id}-help` };
  if (schema.type === "boolean") {
    const input = h("input", { id, type: "checkbox", checked: option.default === true, ...described });
    return { node: h("div", { class: "field check" }, input, label, help), read: () => input.checked };
  }
  const choices = schema.enum ?? schema.anyOf?.find((s) => s.enum)?.enum;
  if (choices) {
    const select = h("select", { id, ...described },
      choices.map((c) => h("option", { value: c, selected: c === option.default }, words(c))));
    return { node: h("div", { class: "field" }, label, select, help), read: () => select.value };
  }
  const nullable = schema.anyOf?.some((s) => s.type === "null") ?? false;
  const numeric = schema.type === "integer" ? schema : schema.anyOf?.find((s) => s.type === "integer");
  if (numeric) {
    const input = h("input", { id, type: "number", inputmode: "numeric", step: 1,
                               min: numeric.minimum, max: (numeric as { maximum?: number }).maximum,
                               value: option.default === null ? "" : String(option.default),
                               required: !nullable, ...described });
    return { node: h("div", { class: "field" }, label, input,
                     h("small", { id: `${id}-help` }, option.description,
                       nullable ? " Leave empty for none." : "")),
             read: () => (input.value === "" ? null : Number(input.value)) };
  }
  return { node: h("p", {}, `${words(option.name)}: the default (${JSON.stringify(option.default)})`),
           read: () => option.default };
}

/** The turn clocks offered (`turn_timeout`, seconds; none by default). */
const CLOCKS: [string, string][] = [["", "No clock"], ["60", "1 minute"], ["300", "5 minutes"],
  ["3600", "1 hour"], ["86400", "1 day"], ["259200", "3 days"]];

function createForm(types: GameType[]): HTMLElement {
  const select = h("select", { id: "game-type", name: "game_type" },
    types.map((t) => h("option", { value: t.slug }, t.name)));
  const seats = h("input", { id: "seats", type: "number", inputmode: "numeric", value: 2, step: 1, required: true });
  const bots = h("input", { id: "bots", type: "number", inputmode: "numeric", value: 0, min: 0, step: 1,
                            "aria-describedby": "bots-help" });
  const botLevel = h("select", { id: "bots-level" });
  const clock = h("select", { id: "turn-clock", "aria-describedby": "turn-clock-help" },
    CLOCKS.map(([seconds, label]) => h("option", { value: seconds }, label)));
  const rated = h("input", { id: "rated", type: "checkbox", "aria-describedby": "rated-help" });
  const optionsBox = h("fieldset", { class: "options" });
  const error = h("p", { class: "error", role: "alert" });
  let readers: [string, () => unknown][] = [];

  function update(): void {
    const type = types.find((t) => t.slug === select.value) ?? types[0];
    seats.min = String(type.min_players);
    seats.max = String(type.max_players);
    if (Number(seats.value) < type.min_players || Number(seats.value) > type.max_players) {
      seats.value = String(Math.max(type.min_players, Math.min(2, type.max_players)));
    }
    bots.max = String(type.max_players - 1);
    botLevel.replaceChildren(...type.bot_levels.map((l) => h("option", { value: l }, words(l))));
    const fields = type.options.map((o) => [o.name, optionField(o)] as const);
    readers = fields.map(([name, f]) => [name, f.read]);
    optionsBox.replaceChildren(h("legend", {}, `${type.name} options`),
      ...(fields.length ? fields.map(([, f]) => f.node) : [h("p", {}, "This game has no options.")]),
      h("p", {}, h("a", { href: type.rules_url, target: "_blank", rel: "noopener" }, `${type.name} rules (Markdown)`)));
  }
  select.addEventListener("change", update);
  update();

  const form = h("form", { id: "create-form" },
    h("div", { class: "field" }, h("label", { for: "game-type" }, "Game"), select),
    h("div", { class: "field" }, h("label", { for: "seats" }, "Players at the table"), seats),
    h("div", { class: "field" }, h("label", { for: "bots" }, "Bots among them"), bots,
      h("small", { id: "bots-help" }, "Bots take the seats after yours; the others are for players who join.")),
    h("div", { class: "field" }, h("label", { for: "bots-level" }, "Bot level"), botLevel),
    h("div", { class: "field" }, h("label", { for: "turn-clock" }, "Turn clock"), clock,
      h("small", { id: "turn-clock-help" }, "How long each player has for a move; when it runs out the game moves for them.")),
    h("div", { class: "field check" }, rated, h("label", { for: "rated" }, "Rated game"),
      h("small", { id: "rated-help" }, "Counts for the players' ratings and leaderboards (no bots).")),
    optionsBox, error,
    h("button", { type: "submit" }, "Open the table"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void create();
  });

  async function create(): Promise<void> {
    error.textContent = "";
    const options = Object.fromEntries(readers.map(([name, read]) => [name, read()]));
    try {
      const game = await call("post", "/api/v1/games", { body: {
        game_type: select.value as Schemas["GameTypeEnum"],
        seats: Number(seats.value),
        options: options as Schemas["CreateGameRequest"]["options"],
        turn_timeout: clock.value === "" ? null : Number(clock.value),
        rated: rated.checked,
        ...(Number(bots.value) > 0
          ? { bots: Array.from({ length: Number(bots.value) }, () => ({ level: botLevel.value })) } : {}),
      } });
      announce("Table opened");
      location.hash = `#/game/${game.id}`;
    } catch (e) {
      error.textContent = e instanceof ProblemError ? problemText(e) : String(e);
    }
  }
  return form;
}
