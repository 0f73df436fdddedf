import { describe, expect, it } from "vitest";
import { EMPTY_AUTH, authFormFrom, authProblems, authUpdate } from "./authForm";

describe("plugin auth form", () => {
  it("reads API key settings with the secret masked, and writes them back", () => {
    const form = authFormFrom({
      name: "p",
      desc: "",
      url: "",
      kind: "openapi",
      auth_type: [1],
      sub_auth_type: 0,
      auth_payload: '{"location":"query","key":"api_key","service_token":"******"}',
    });
    expect(form).toMatchObject({ mode: "api_key", location: "query", key: "api_key", serviceToken: "******" });
    expect(authProblems(form)).toEqual({});
    expect(authUpdate(form)).toEqual({
      auth_type: 1,
      sub_auth_type: 0,
      auth_payload: '{"location":"query","key":"api_key","service_token":"******"}',
    });
  });

  it("reads and writes OAuth authorization code and client credentials", () => {
    const code = authFormFrom({
      name: "p",
      desc: "",
      url: "",
      kind: "openapi",
      auth_type: [3],
      sub_auth_type: 4,
      auth_payload: JSON.stringify({ client_id: "c", client_secret: "******", client_url: "https://idp/authorize", authorization_url: "https://idp/token", scope: "read" }),
    });
    expect(code).toMatchObject({ mode: "oauth_code", clientUrl: "https://idp/authorize", tokenUrl: "https://idp/token", contentType: "application/json" });
    expect(JSON.parse(authUpdate(code).auth_payload as string)).toMatchObject({ authorization_url: "https://idp/token", client_url: "https://idp/authorize" });
    const cc = { ...EMPTY_AUTH, mode: "client_credentials" as const, clientId: "c", clientSecret: "s", tokenUrl: "https://idp/token" };
    expect(authUpdate(cc)).toMatchObject({ auth_type: 3, sub_auth_type: 10 });
    expect(JSON.parse(authUpdate(cc).auth_payload as string)).toEqual({ client_id: "c", client_secret: "s", token_url: "https://idp/token", scope: "" });
  });

  it("names missing and malformed settings", () => {
    expect(authProblems({ ...EMPTY_AUTH, mode: "api_key" })).toEqual({
      key: "The header or query parameter name is required.",
      serviceToken: "The API key or token is required.",
    });
    expect(authProblems({ ...EMPTY_AUTH, mode: "oauth_code", clientId: "c", clientSecret: "s", clientUrl: "idp", tokenUrl: "https://idp/t" })).toEqual({
      clientUrl: "Authorization URL must be an http or https URL.",
    });
    expect(authUpdate(EMPTY_AUTH)).toEqual({ auth_type: 0 });
  });
});
