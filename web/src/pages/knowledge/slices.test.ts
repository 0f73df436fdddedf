import { describe, expect, it } from "vitest";
import { pageOf, rowCells, sliceNote } from "./slices";

describe("slices", () => {
  it("reads table rows and leaves text alone", () => {
    expect(rowCells('{"city": "Oslo", "population": 700000, "note": null}')).toEqual([
      ["city", "Oslo"],
      ["population", "700000"],
      ["note", ""],
    ]);
    expect(rowCells("Plain text {with braces}")).toBeNull();
    expect(rowCells("{not json")).toBeNull();
    expect(rowCells("[1, 2]")).toBeNull();
  });

  it("notes heading path and page", () => {
    expect(sliceNote('{"heading_path": ["Guide", "Descaling"], "page": 2}')).toBe("Guide › Descaling · page 2");
    expect(sliceNote("{}")).toBe("");
    expect(sliceNote("garbage")).toBe("");
  });

  it("pages", () => {
    expect(pageOf(0, 20, 45)).toEqual({ page: 1, pages: 3 });
    expect(pageOf(40, 20, 45)).toEqual({ page: 3, pages: 3 });
    expect(pageOf(0, 20, 0)).toEqual({ page: 1, pages: 1 });
  });
});
