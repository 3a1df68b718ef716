/** The logged-in player: a token per login (POST /auth/token or /auth/register), kept in
 * this browser's localStorage until logout. */
const TOKEN = "dice.token";
const USER = "dice.user";

type Listener = () => void;
const listeners: Listener[] = [];

export const session = {
  token(): string | null {
    return localStorage.getItem(TOKEN);
  },
  user(): string | null {
    return localStorage.getItem(USER);
  },
  set(user: string, token: string): void {
    localStorage.setItem(TOKEN, token);
    localStorage.setItem(USER, user);
    listeners.forEach((f) => f());
  },
  clear(): void {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(USER);
    listeners.forEach((f) => f());
  },
  /** The server refused the token (revoked or expired): log out here too. */
  expired(): void {
    this.clear();
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
