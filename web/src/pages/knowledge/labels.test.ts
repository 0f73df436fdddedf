import { describe, expect, it } from "vitest";
import { documentStatus, formatLabel, formatScore, isIndexing, plural, sliceStatus } from "./labels";

describe("knowledge labels", () => {
  it("names every document status with a tone", () => {
    expect(documentStatus(1)).toEqual({ label: "Enabled", tone: "ok" });
    expect(documentStatus(9)).toEqual({ label: "Failed", tone: "error" });
    expect(documentStatus(4).label).toBe("Indexing");
    expect(documentStatus(2).tone).toBe("muted");
    expect(documentStatus(42).label).toBe("Status 42");
  });

  it("knows which statuses still move", () => {
    expect([-1, 0, 4].every(isIndexing)).toBe(true);
    expect([1, 2, 9].some(isIndexing)).toBe(false);
  });

  it("names dataset types and slice statuses", () => {
    expect([0, 1, 2].map(formatLabel)).toEqual(["Text", "Table", "Image"]);
    expect(sliceStatus(1).label).toBe("Searchable");
    expect(sliceStatus(0).tone).toBe("running");
  });

  it("counts in words", () => {
    expect(plural(1, "document")).toBe("1 document");
    expect(plural(0, "slice")).toBe("0 slices");
  });

  it("rounds scores for reading", () => {
    expect(formatScore(0.123456)).toBe("0.123");
    expect(formatScore(1)).toBe("1");
    expect(formatScore(Number.NaN)).toBe("–");
  });
});
