import { describe, expect, it } from "vitest";
import type { APIParameter } from "./api";
import { argsFrom, fieldsOf, initialValues } from "./paramForm";

const PARAMS: APIParameter[] = [
  { name: "city", desc: "the city", type: 1, location: 1, is_required: true },
  { name: "days", type: 2, location: 2, global_default: "3" },
  { name: "units", type: 5, location: 3, sub_parameters: [{ name: "[Array Item]", type: 1 }] },
  {
    name: "options",
    type: 4,
    location: 3,
    is_required: true,
    sub_parameters: [
      { name: "verbose", type: 6 },
      { name: "lang", type: 1, is_required: true },
    ],
  },
  { name: "secret", type: 1, location: 4, global_disable: true, global_default: "x" },
];

describe("tool parameter form", () => {
  it("makes one field per value, objects flattened, hidden ones left out", () => {
    const fields = fieldsOf(PARAMS);
    expect(fields.map((f) => [f.key, f.type, f.required, f.location])).toEqual([
      ["city", 1, true, "path"],
      ["days", 2, false, "query"],
      ["units", 5, false, "body"],
      ["options.verbose", 6, false, "body"],
      ["options.lang", 1, true, "body"],
    ]);
    expect(initialValues(fields).days).toBe("3");
  });

  it("types the values and nests object fields", () => {
    const fields = fieldsOf(PARAMS);
    const { args, errors } = argsFrom(fields, {
      city: "Oslo",
      days: "2",
      units: '["C"]',
      "options.verbose": "true",
      "options.lang": "en",
    });
    expect(errors).toEqual({});
    expect(args).toEqual({ city: "Oslo", days: 2, units: ["C"], options: { verbose: true, lang: "en" } });
  });

  it("leaves empty optional values out and names each bad value", () => {
    const fields = fieldsOf(PARAMS);
    const { args, errors } = argsFrom(fields, { city: "", days: "two", units: "C", "options.lang": "en" });
    expect(errors).toEqual({
      city: "city is required.",
      days: "days must be a whole number.",
      units: "units must be a JSON array.",
    });
    expect(args).toEqual({ options: { lang: "en" } });
  });

  it("does not require the fields of an optional object", () => {
    const fields = fieldsOf([{ name: "filter", type: 4, sub_parameters: [{ name: "q", type: 1, is_required: true }] }]);
    expect(fields[0].required).toBe(false);
    expect(argsFrom(fields, {}).errors).toEqual({});
  });
});
