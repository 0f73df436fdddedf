import { api } from "../../api/client";
import type { PersonalAccessToken } from "../../api/types";

const BASE = "/api/permission_api/pat";

export async function listTokens(): Promise<PersonalAccessToken[]> {
  const answer = await api.get<{ data: { personal_access_tokens: PersonalAccessToken[] } }>(
    `${BASE}/list_personal_access_tokens`,
    { page: 1, size: 100 },
  );
  return answer.data.personal_access_tokens ?? [];
}

/** Creates a token; the secret is returned only here. */
export async function createToken(name: string, durationDay: string): Promise<{ token: string; info: PersonalAccessToken }> {
  const answer = await api.post<{ data: { token: string; personal_access_token: PersonalAccessToken } }>(
    `${BASE}/create_personal_access_token_and_permission`,
    { name, duration_day: durationDay },
  );
  return { token: answer.data.token, info: answer.data.personal_access_token };
}

export const renameToken = (id: string, name: string) =>
  api.post(`${BASE}/update_personal_access_token_and_permission`, { id, name });

export const deleteToken = (id: string) => api.post(`${BASE}/delete_personal_access_token_and_permission`, { id });
