/**
 * The API, typed by the types openapi-typescript generates from openapi.yaml
 * (`./generated/schema`, written at build time). Every request names a path of the
 * contract; its body, query, path parameters and answer are that operation's types.
 */
import type { components, paths } from "./generated/schema";
import { session } from "./session";

export type Schemas = components["schemas"];
type Method = "get" | "post" | "put" | "patch" | "delete";

/** The operation at `path` and `method`. */
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The operation's JSON request body (never when it takes none). */
export type Body<P extends keyof paths, M extends Method> =
  Op<P, M> extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;

/** The operation's JSON answer on success (200 or 201). */
export type Ok<P extends keyof paths, M extends Method> =
  Op<P, M> extends { responses: { 200: { content: { "application/json": infer T } } } } ? T
    : Op<P, M> extends { responses: { 201: { content: { "application/json": infer T } } } } ? T
      : void;

type Query<P extends keyof paths, M extends Method> =
  Op<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

type PathParams<P extends keyof paths, M extends Method> =
  Op<P, M> extends { parameters: { path: infer A } } ? A : never;

interface Options<P extends keyof paths, M extends Method> {
  params?: PathParams<P, M>;
  query?: Query<P, M>;
  body?: Body<P, M>;
  headers?: Record<string, string>;
}

/** A problem document (RFC 9457) the API answered with. */
export class ProblemError extends Error {
  constructor(readonly problem: Schemas["Problem"]) {
    super(problem.detail || problem.title || problem.code);
  }

  get code(): string {
    return this.problem.code;
  }
}

function expand(path: string, params: object | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Calls the API as the logged-in player (if any). Throws ProblemError on 4xx/5xx. */
export async function call<P extends keyof paths, M extends Method>(
  method: M, path: P, options: Options<P, M> = {},
): Promise<Ok<P, M>> {
  const url = new URL(expand(path as string, options.params as object | undefined), location.origin);
  for (const [name, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  const token = session.token();
  const body = options.body;
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Token ${token}` } : {}),
      ...options.headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    let problem: Schemas["Problem"];
    try {
      problem = (await response.json()) as Schemas["Problem"];
    } catch {
      problem = { type: "about:blank", title: response.statusText, status: response.status,
                  code: `http_${response.status}`, detail: response.statusText };
    }
    if (response.status === 401 && token) session.expired();
    throw new ProblemError(problem);
  }
  if (response.status === 204) return undefined as Ok<P, M>;
  return (await response.json()) as Ok<P, M>;
}

// The resources this client reads, by their contract names.
export type Game = Schemas["Game"];
export type GameType = Schemas["GameType"];
export type GameTypeDetail = Schemas["GameTypeDetail"];
export type LegalActions = Schemas["LegalActions"];
export type ActionResult = Schemas["ActionResult"];
export type Turn = Schemas["Turn"];
export type LegalItem = LegalActions["actions"][number];
export type Action = Schemas["ActionRequest"]["action"];
export type GameEvent = Schemas["EventPage"]["events"][number];
export type State = Schemas["State"];
export type View = NonNullable<Game["view"]>;
// A report of a game with calls (a game without any lists none: its items are empty objects).
export type Challenge = Extract<Schemas["ChallengeList"]["challenges"][number], { seq: number }>;
export type Audit = Schemas["Audit"];
export type IntRange = Schemas["IntRange"];
export type Subset = Schemas["Subset"];
export type Option = Schemas["Option"];
export type Outcome = Schemas["Outcome"];
export type Slug = Schemas["GameTypeEnum"];

/** Who holds a seat: the player's name, or the bot and its level (a bot's seat has no player). */
export function seatLabel(seat: Schemas["Seat"]): string {
  return seat.player ?? (seat.bot ? `Bot (${seat.bot})` : `Seat ${seat.seat}`);
}

export function isBot(seat: Schemas["Seat"]): boolean {
  return seat.bot !== null;
}
