// A plugin's auth settings as a form, read from get_plugin_info's meta_info and written with
// update_plugin_meta (auth_type, sub_auth_type and the manifest's auth payload as JSON).
import type { PluginMeta } from "./api";

export type AuthMode = "none" | "api_key" | "oauth_code" | "client_credentials";

export interface AuthForm {
  mode: AuthMode;
  location: "header" | "query";
  key: string;
  serviceToken: string;
  clientId: string;
  clientSecret: string;
  /** authorization code: the provider's authorize endpoint */
  clientUrl: string;
  /** the token endpoint (authorization code: payload authorization_url; client credentials: token_url) */
  tokenUrl: string;
  scope: string;
  contentType: string;
}

export const EMPTY_AUTH: AuthForm = {
  mode: "none",
  location: "header",
  key: "",
  serviceToken: "",
  clientId: "",
  clientSecret: "",
  clientUrl: "",
  tokenUrl: "",
  scope: "",
  contentType: "application/json",
};

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function authFormFrom(meta: PluginMeta): AuthForm {
  const type = meta.auth_type?.[0] ?? 0;
  let payload: Record<string, unknown> = {};
  try {
    payload = JSON.parse(meta.auth_payload || "{}") as Record<string, unknown>;
  } catch {
    payload = {};
  }
  if (type === 1)
    return {
      ...EMPTY_AUTH,
      mode: "api_key",
      location: str(payload.location) === "query" || meta.location === 2 ? "query" : "header",
      key: str(payload.key) || meta.key || "",
      serviceToken: str(payload.service_token),
    };
  if (type === 3 || type === 4) {
    const common = { ...EMPTY_AUTH, clientId: str(payload.client_id), clientSecret: str(payload.client_secret), scope: str(payload.scope) };
    if (meta.sub_auth_type === 10) return { ...common, mode: "client_credentials", tokenUrl: str(payload.token_url) };
    return {
      ...common,
      mode: "oauth_code",
      clientUrl: str(payload.client_url),
      tokenUrl: str(payload.authorization_url),
      contentType: str(payload.authorization_content_type) || "application/json",
    };
  }
  return { ...EMPTY_AUTH };
}

/** Problems the form can name before saving (the server checks again), by field. */
export function authProblems(form: AuthForm): Partial<Record<keyof AuthForm, string>> {
  const problems: Partial<Record<keyof AuthForm, string>> = {};
  const url = (value: string, field: keyof AuthForm, label: string) => {
    if (!value.trim()) problems[field] = `${label} is required.`;
    else if (!/^https?:\/\/[^/]+/.test(value.trim())) problems[field] = `${label} must be an http or https URL.`;
  };
  if (form.mode === "api_key") {
    if (!form.key.trim()) problems.key = "The header or query parameter name is required.";
    if (!form.serviceToken.trim()) problems.serviceToken = "The API key or token is required.";
  }
  if (form.mode === "oauth_code" || form.mode === "client_credentials") {
    if (!form.clientId.trim()) problems.clientId = "Client ID is required.";
    if (!form.clientSecret.trim()) problems.clientSecret = "Client secret is required.";
    url(form.tokenUrl, "tokenUrl", "Token URL");
  }
  if (form.mode === "oauth_code") url(form.clientUrl, "clientUrl", "Authorization URL");
  return problems;
}

/** update_plugin_meta's auth fields. A secret still masked ("******") keeps the stored one. */
export function authUpdate(form: AuthForm): Record<string, unknown> {
  const t = (v: string) => v.trim();
  switch (form.mode) {
    case "api_key":
      return {
        auth_type: 1,
        sub_auth_type: 0,
        auth_payload: JSON.stringify({ location: form.location, key: t(form.key), service_token: t(form.serviceToken) }),
      };
    case "oauth_code":
      return {
        auth_type: 3,
        sub_auth_type: 4,
        auth_payload: JSON.stringify({
          client_id: t(form.clientId),
          client_secret: t(form.clientSecret),
          client_url: t(form.clientUrl),
          authorization_url: t(form.tokenUrl),
          scope: t(form.scope),
          authorization_content_type: t(form.contentType) || "application/json",
        }),
      };
    case "client_credentials":
      return {
        auth_type: 3,
        sub_auth_type: 10,
        auth_payload: JSON.stringify({
          client_id: t(form.clientId),
          client_secret: t(form.clientSecret),
          token_url: t(form.tokenUrl),
          scope: t(form.scope),
        }),
      };
    default:
      return { auth_type: 0 };
  }
}
