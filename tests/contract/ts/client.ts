/**
 * A small client of the Dice Games API written against the types openapi-typescript
 * generates from openapi.yaml (`./schema` is that output: tests/contract/test_typescript.py
 * generates it and type-checks this file with `tsc --strict`; it is never run there).
 *
 * It plays the start of a Snake Bones game as a front-end would: register two players,
 * create a game, join, start, list the legal actions (choices with IntRange / Subset
 * domains made concrete), post one, read the game as its own game type (the Game union
 * narrowed by `game_type`) and read the events (narrowed by `type`).
 */

import type { components, paths } from "./schema";

type Schemas = components["schemas"];
type Method = "get" | "post" | "put" | "delete";

/** The operation at `path` and `method`. */
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** An operation's JSON request body. */
type Body<P extends keyof paths, M extends Method> =
  Op<P, M> extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;

/** An operation's JSON answer on success (200 or 201). */
type Ok<P extends keyof paths, M extends Method> =
  Op<P, M> extends { responses: { 200: { content: { "application/json": infer T } } } } ? T
    : Op<P, M> extends { responses: { 201: { content: { "application/json": infer T } } } } ? T
      : never;

/** An operation's query parameters. */
type Query<P extends keyof paths, M extends Method> =
  Op<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** A problem document (RFC 9457) the API answered with. */
export class ProblemError extends Error {
  constructor(readonly problem: Schemas["Problem"]) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
  }
}

export class DiceClient {
  private token: string | null = null;

  constructor(private readonly base: string) {}

  private async call<T>(method: Method, path: string, body?: unknown,
                        query?: Record<string, string | number | boolean | undefined>,
                        headers: Record<string, string> = {}): Promise<T> {
    const url = new URL(path, this.base);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const response = await fetch(url, {
      method: method.toUpperCase(),
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(this.token === null ? {} : { Authorization: `Token ${this.token}` }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      throw new ProblemError((await response.json()) as Schemas["Problem"]);
    }
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  async register(body: Body<"/api/v1/auth/register", "post">):
      Promise<Ok<"/api/v1/auth/register", "post">> {
    const token = await this.call<Ok<"/api/v1/auth/register", "post">>(
      "post", "/api/v1/auth/register", body);
    this.token = token.token;
    return token;
  }

  createGame(body: Body<"/api/v1/games", "post">): Promise<Ok<"/api/v1/games", "post">> {
    return this.call("post", "/api/v1/games", body);
  }

  join(gameId: string, body: Body<"/api/v1/games/{game_id}/join", "post">):
      Promise<Ok<"/api/v1/games/{game_id}/join", "post">> {
    return this.call("post", `/api/v1/games/${gameId}/join`, body);
  }

  start(gameId: string, body: Body<"/api/v1/games/{game_id}/start", "post">):
      Promise<Ok<"/api/v1/games/{game_id}/start", "post">> {
    return this.call("post", `/api/v1/games/${gameId}/start`, body);
  }

  legalActions(gameId: string): Promise<Ok<"/api/v1/games/{game_id}/legal-actions", "get">> {
    return this.call("get", `/api/v1/games/${gameId}/legal-actions`);
  }

  postAction(gameId: string, body: Body<"/api/v1/games/{game_id}/actions", "post">,
             idempotencyKey?: string): Promise<Ok<"/api/v1/games/{game_id}/actions", "post">> {
    return this.call("post", `/api/v1/games/${gameId}/actions`, body, undefined,
                     idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey });
  }

  game(gameId: string): Promise<Ok<"/api/v1/games/{game_id}", "get">> {
    return this.call("get", `/api/v1/games/${gameId}`);
  }

  events(gameId: string, query: Query<"/api/v1/games/{game_id}/events", "get"> = {}):
      Promise<Ok<"/api/v1/games/{game_id}/events", "get">> {
    return this.call("get", `/api/v1/games/${gameId}/events`, undefined, query);
  }
}

// --- choices: the domains of a legal action's fields --------------------------------------

type Domain = Schemas["IntRange"] | Schemas["Subset"];

function isIntRange(domain: Domain): domain is Schemas["IntRange"] {
  return "minimum" in domain;
}

/** The smallest value of a range. */
function fromRange(range: Schemas["IntRange"]): number {
  return range.minimum;
}

/** The first subset of `min_size` items (in the order of `of`) that is not excluded. */
function fromSubset(subset: Schemas["Subset"]): Schemas["Subset"]["of"] {
  const picked = subset.of.slice(0, subset.min_size);
  const excluded = (subset.excluded ?? []).some(
    (list) => list.length === picked.length && list.every((item, i) => item === picked[i]));
  return excluded ? subset.of.slice(0, Math.min(subset.max_size, subset.min_size + 1)) : picked;
}

/** A value from any domain. */
export function pick(domain: Domain): number | Schemas["Subset"]["of"] {
  return isIntRange(domain) ? fromRange(domain) : fromSubset(domain);
}

/** A Snake Bones legal-action item made ready to post: a choice gets its fields chosen. */
export function snakeBonesAction(item: Schemas["SnakeBonesLegalAction"]):
    Schemas["SnakeBonesAction"] {
  if (!("choose" in item)) return item;  // an action ready to post
  switch (item.type) {
    case "stake": {
      const coins = item.choose.coins ? fromRange(item.choose.coins) : item.coins;
      if (coins === undefined) throw new Error("a stake without coins");
      return { type: "stake", coins };
    }
    case "bid": {
      const quantity = item.choose.quantity ? fromRange(item.choose.quantity) : item.quantity;
      const face = item.choose.face ? fromRange(item.choose.face) : item.face;
      if (quantity === undefined || face === undefined) throw new Error("an incomplete bid");
      return { type: "bid", quantity, face };
    }
  }
}

// --- reading a game as its own type -------------------------------------------------------

/** One line about a game, read through its own game type's view. */
export function describe(game: Schemas["Game"]): string {
  switch (game.game_type) {
    case "snake-bones": {
      const view: Schemas["SnakeBonesView"] | null = game.view;
      if (view === null) return `snake-bones, ${game.status}`;
      const bid = view.bid === null ? "no bid" : `${view.bid.quantity} x ${view.bid.face}`;
      return `snake-bones round ${view.round}, ${view.phase}: ${bid}`;
    }
    default:
      return `${game.game_type}, ${game.status}, version ${game.version}`;
  }
}

/** One line per Snake Bones event, each read through its own type. */
export function snakeBonesLog(events: Schemas["SnakeBonesEvent"][]): string[] {
  return events.map((event) => {
    switch (event.type) {
      case "bid_made":
        return `#${event.seq} seat ${event.data.seat} bids ${event.data.quantity} x ${event.data.face}`;
      case "table_seated":
        return `#${event.seq} ${event.data.seats.length} seats (${event.recorded_at})`;
      default:
        return `#${event.seq} ${event.type}`;
    }
  });
}

// --- the flow ------------------------------------------------------------------------------

export async function flow(base: string): Promise<string[]> {
  const alice = new DiceClient(base);
  const bob = new DiceClient(base);
  await alice.register({ username: "alice", password: "correct horse battery" });
  await bob.register({ username: "bob", password: "battery staple horse" });

  // Omitted fields (autoplay_after, turn_timeout, seed_commitment, options' own) stay optional.
  const created = await alice.createGame({ game_type: "snake-bones", seats: 2,
                                           options: { ones_wild: true } });
  await bob.join(created.id, { seed_commitment: "b0".repeat(32) });
  await alice.start(created.id, {});

  const legal = await alice.legalActions(created.id);
  if (legal.game_type !== "snake-bones") throw new Error(`not snake-bones: ${legal.game_type}`);
  const first = legal.actions[0];
  if (first === undefined) throw new Error("alice has nothing to do");
  const result = await alice.postAction(
    created.id, { action: snakeBonesAction(first), expected_version: legal.version },
    "alice-1");

  const game = await bob.game(created.id);
  const lines = [describe(game), `version ${result.version}`];
  const page = await bob.events(created.id, { after: 0, limit: 100 });
  if (page.game_type === "snake-bones") lines.push(...snakeBonesLog(page.events));
  return lines;
}

// --- the streams (docs/platform.md, "Reading the stream from a generated client") --------

type SnakeBonesEvent = components["schemas"]["SnakeBonesEvent"];
type Notice = components["schemas"]["Notice"];

/** The stream's body is a string in the contract: an EventSource reads it, not `call`. */
export type StreamBody =
  Op<"/api/v1/games/{game_id}/stream", "get">["responses"][200]["content"]["text/event-stream"];
const body: StreamBody = "retry: 2000\n\n";
void body;

/** Calls `seen` with each event of a Snake Bones game as it lands. */
export function watchSnakeBones(base: string, gameId: string, ticket: string,
                                types: SnakeBonesEvent["type"][],
                                seen: (event: SnakeBonesEvent) => void): EventSource {
  const source = new EventSource(
    `${base}/api/v1/games/${gameId}/stream?ticket=${encodeURIComponent(ticket)}`);
  for (const type of types) {
    source.addEventListener(type, (message: MessageEvent<string>) =>
      seen(JSON.parse(message.data) as SnakeBonesEvent));
  }
  return source;
}

/** Calls `seen` with each notice of your channel as it is written. */
export function watchChannel(base: string, ticket: string, kinds: Notice["kind"][],
                             seen: (notice: Notice) => void): EventSource {
  const source = new EventSource(
    `${base}/api/v1/me/stream?ticket=${encodeURIComponent(ticket)}`);
  for (const kind of kinds) {
    source.addEventListener(kind, (message: MessageEvent<string>) =>
      seen(JSON.parse(message.data) as Notice));
  }
  return source;
}
