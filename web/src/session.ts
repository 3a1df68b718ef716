/** The logged-in player: a token per login (POST /auth/token or /auth/register), kept in
 * this browser's localStorage until logout. */
const TOKEN = "dice.token";
const USER = "dice.user";
const PLAYER = "dice.player";

type Listener = () => void;
const listeners: Listener[] = [];

export const session = {
  token(): string | null {
    return localStorage.getItem(TOKEN);
  },
  user(): string | null {
    return localStorage.getItem(USER);
  },
  /** The player's opaque id (`p_...`, as games name players in `seats` and `invited`);
   * null for a login kept from before the page remembered it, until it is learnt again. */
  playerId(): string | null {
    return localStorage.getItem(PLAYER);
  },
  set(user: string, token: string, playerId: string): void {
    localStorage.setItem(TOKEN, token);
    localStorage.setItem(USER, user);
    localStorage.setItem(PLAYER, playerId);
    listeners.forEach((f) => f());
  },
  clear(): void {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(USER);
    localStorage.removeItem(PLAYER);
    listeners.forEach((f) => f());
  },
  /** The server refused the token (revoked or expired): log out here too. */
  expired(): void {
    this.clear();
  },
  /** Learnt from one of the player's own seats (a login from before it was kept). */
  learnPlayerId(playerId: string): void {
    localStorage.setItem(PLAYER, playerId);
  },
  onChange(listener: Listener): void {
    listeners.push(listener);
  },
};

/** The commitment (server_seed_hash) this browser saw while a game ran, to check the
 * audit against after the end. */
export const commitments = {
  remember(gameId: string, hash: string): void {
    const key = `dice.commitment.${gameId}`;
    if (!localStorage.getItem(key)) localStorage.setItem(key, hash);
  },
  seen(gameId: string): string | null {
    return localStorage.getItem(`dice.commitment.${gameId}`);
  },
};
