import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS, filterProblem, filtersFromSearch, filtersToSearch, listRequest, statusTone, timeWindow } from "./filters";

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

describe("run filters", () => {
  it("round-trip through the URL, leaving empty ones out", () => {
    const filters = { ...EMPTY_FILTERS, kind: "workflow" as const, subject: "42", status: "3", range: "24h" };
    const search = filtersToSearch(filters);
    expect(search.toString()).toBe("kind=workflow&subject=42&status=3&range=24h");
    expect(filtersFromSearch(search)).toEqual(filters);
    expect(filtersFromSearch(new URLSearchParams("kind=bogus")).kind).toBe("chat");
  });

  it("make a chat run query with agent, status, user, conversation and the last hour", () => {
    const body = listRequest(
      { ...EMPTY_FILTERS, subject: "7", status: "failed", range: "1h", user: " alice ", conversation: "99" },
      "5",
      NOW,
      "123",
    );
    expect(body).toEqual({
      space_id: "5",
      limit: 20,
      start_time: NOW / 1000 - 3600,
      bot_id: "7",
      status: "failed",
      user_id: "alice",
      conversation_id: "99",
      cursor: "123",
    });
  });

  it("make a workflow run query with a numeric status and the creator", () => {
    const body = listRequest({ ...EMPTY_FILTERS, kind: "workflow", subject: "8", status: "2", user: "1" }, "5", NOW);
    expect(body).toEqual({ space_id: "5", limit: 20, workflow_id: "8", status: 2, creator_id: "1" });
  });

  it("read a custom range in local time and refuse an inverted one", () => {
    const custom = { ...EMPTY_FILTERS, range: "custom", from: "2026-11-20T10:00", to: "2026-11-21T10:00" };
    expect(timeWindow(custom, NOW)).toEqual({
      start_time: new Date("2026-11-20T10:00").getTime() / 1000,
      end_time: new Date("2026-11-21T10:00").getTime() / 1000,
    });
    expect(filterProblem(custom)).toBe("");
    expect(filterProblem({ ...custom, from: custom.to, to: custom.from })).toBe("From must be before To.");
    expect(filterProblem({ ...EMPTY_FILTERS, conversation: "abc" })).toMatch(/conversation id/);
    expect(filterProblem({ ...EMPTY_FILTERS, kind: "workflow", user: "bob" })).toMatch(/user id/);
  });

  it("colour statuses", () => {
    expect(statusTone("completed")).toBe("ok");
    expect(statusTone("failed")).toBe("error");
    expect(statusTone("in_progress")).toBe("running");
  });
});
