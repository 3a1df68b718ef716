/**
 * This browser's seeds for the dice (dice scheme 3, docs/fairness.md): a seed of 32
 * random bytes drawn here (crypto.getRandomValues), kept in sessionStorage with the
 * game's id, and only its commitment, SHA-256("dice-seed/3:" + the seed's bytes), posted
 * in the lobby; the seed itself is posted once the game is revealing, then forgotten.
 */
import { call, type Game } from "./api";

const CLIENT_SEED_TAG = "dice-seed/3:";
const SERVER_SEED_TAG = "dice/3:";

function key(gameId: string): string {
  return `dice-seed:${gameId}`;
}

function bytesOf(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function hexOf(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** SHA-256 of a tag's UTF-8 and a hex string's bytes, in hex; null where the browser
 * has no crypto.subtle (an insecure origin) or the text is not hex. */
export async function taggedSha256(tag: string, hex: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle || !/^[0-9a-f]*$/i.test(hex) || hex.length % 2) return null;
  const head = new TextEncoder().encode(tag);
  const body = bytesOf(hex);
  const message = new Uint8Array(head.length + body.length);
  message.set(head);
  message.set(body, head.length);
  return hexOf(new Uint8Array(await crypto.subtle.digest("SHA-256", message)));
}

/** The server seed's commitment as the game's dice scheme defines it. */
export function serverCommitment(serverSeed: string, scheme: number): Promise<string | null> {
  return taggedSha256(scheme >= 3 ? SERVER_SEED_TAG : "", serverSeed);
}

/** Draw a seed for the caller's seat, keep it, and post its commitment. */
export async function commitSeed(game: Game): Promise<void> {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const seed = hexOf(bytes);
  const hashed = await taggedSha256(CLIENT_SEED_TAG, seed);
  if (hashed === null) throw new Error("This browser cannot hash a seed here (it needs a secure origin).");
  sessionStorage.setItem(key(game.id), seed);
  await call("put", "/api/v1/games/{game_id}/seed-commitment",
    { params: { game_id: game.id }, body: { seed_commitment: hashed } });
}

/** The caller's seat committed and the game is revealing: post the seed kept here (true
 * if posted). A seed this browser does not hold (another browser drew it) is not posted:
 * the seat withholds at the deadline. */
export async function revealSeed(game: Game): Promise<boolean> {
  const mine = game.seats.find((s) => s.seat === game.seat);
  const seed = sessionStorage.getItem(key(game.id));
  if (game.status !== "revealing" || mine?.seed !== "committed" || !seed) return false;
  await call("post", "/api/v1/games/{game_id}/seed", { params: { game_id: game.id }, body: { client_seed: seed } });
  sessionStorage.removeItem(key(game.id));
  return true;
}
