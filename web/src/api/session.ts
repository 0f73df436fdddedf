// Sign-in state kept in the browser: the token and the chosen space (localStorage, so a reload or
// a new tab stays signed in; signing out forgets both).
import { api } from "./client";
import type { CurrentUser, Workspace } from "./types";

const TOKEN_KEY = "atelier.token";
const SPACE_KEY = "atelier.space";

export const storedToken = (): string => localStorage.getItem(TOKEN_KEY) ?? "";
export const storedSpace = (): string => localStorage.getItem(SPACE_KEY) ?? "";

export function remember(token: string, spaceId: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  if (spaceId) localStorage.setItem(SPACE_KEY, spaceId);
}

export function rememberSpace(spaceId: string): void {
  localStorage.setItem(SPACE_KEY, spaceId);
}

export function forget(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(SPACE_KEY);
}

export async function whoAmI(): Promise<{ user: CurrentUser; spaces: Workspace[] }> {
  const [me, list] = await Promise.all([
    api.get<{ data: CurrentUser }>("/v1/users/me"),
    api.get<{ data: { workspaces: Workspace[] } }>("/v1/workspaces", { page_size: 50 }),
  ]);
  return { user: me.data, spaces: list.data.workspaces ?? [] };
}
