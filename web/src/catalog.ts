/** The game types the server hosts (GET /game-types, /game-types/{slug}), fetched once. */
import { call, type GameType, type GameTypeDetail } from "./api";

let types: Promise<GameType[]> | null = null;
const details = new Map<string, Promise<GameTypeDetail>>();

export function gameTypes(): Promise<GameType[]> {
  types ??= call("get", "/api/v1/game-types").catch((e: unknown) => {
    types = null;
    throw e;
  });
  return types;
}

export function gameType(slug: string): Promise<GameTypeDetail> {
  let detail = details.get(slug);
  if (!detail) {
    detail = call("get", "/api/v1/game-types/{slug}", { params: { slug } });
    details.set(slug, detail);
    detail.catch(() => details.delete(slug));
  }
  return detail;
}

/** The event types of a game (the keys of its `schemas.events`), plus the service's own,
 * so that a stream listens to every type it may send. */
export async function eventTypes(slug: string): Promise<string[]> {
  const detail = await gameType(slug);
  const own = Object.keys((detail.schemas.events ?? {}) as Record<string, unknown>);
  return [...new Set([...own, "table_seated", "client_seeds_fixed", "seed_revealed", "game_abandoned"])];
}

export async function gameName(slug: string): Promise<string> {
  const found = (await gameTypes()).find((t) => t.slug === slug);
  return found ? found.name : slug;
}
