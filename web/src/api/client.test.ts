import { describe, expect, it } from "vitest";
import { ApiError, describeError, readAnswer, withQuery } from "./client";

describe("readAnswer", () => {
  it("returns the body of a code-0 answer", async () => {
    const body = await readAnswer<{ code: number; data: number }>(new Response('{"code":0,"msg":"","data":7}'));
    expect(body.data).toBe(7);
  });

  it("raises the server's message and trace id on an error status", async () => {
    const response = new Response('{"code":404,"msg":"dataset 9 not found"}', {
      status: 404,
      headers: { "x-tt-logid": "abc123" },
    });
    const error = await readAnswer(response).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect(describeError(error)).toBe("dataset 9 not found (trace abc123)");
  });

  it("treats a 200 with a non-zero code as an error", async () => {
    const error = await readAnswer(new Response('{"code":700,"msg":"quota"}')).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe(700);
  });
});

describe("withQuery", () => {
  it("drops empty values and appends to an existing query", () => {
    expect(withQuery("/v1/bots", { space_id: "1", page: 2, x: "", y: undefined })).toBe("/v1/bots?space_id=1&page=2");
    expect(withQuery("/a?b=1", { c: true })).toBe("/a?b=1&c=true");
  });
});

describe("a 401 signs out", () => {
  it("only when the request carried the current token", async () => {
    const { setToken, setUnauthorizedHandler } = await import("./client");
    let signedOut = 0;
    setUnauthorizedHandler(() => (signedOut += 1));
    setToken("pat_right");
    const denied = () => new Response('{"code":401,"msg":"invalid token"}', { status: 401 });
    await readAnswer(denied(), "pat_wrong").catch(() => undefined); // a late answer to a token tried before
    expect(signedOut).toBe(0);
    await readAnswer(denied(), "pat_right").catch(() => undefined);
    expect(signedOut).toBe(1);
    setUnauthorizedHandler(null);
    setToken("");
  });
});
