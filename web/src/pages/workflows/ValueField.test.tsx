import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { writeValue, type ValueForm } from "./forms";
import type { RefOption } from "./references";
import { ValueField } from "./ValueField";

const OPTIONS: RefOption[] = [
  { blockID: "100001", nodeTitle: "Start", name: "city", type: "string" },
  { blockID: "156549", nodeTitle: "Forecaster", name: "output", type: "string" },
  { blockID: "156549", nodeTitle: "Forecaster", name: "usage.tokens", type: "integer" },
];

function Harness({ onValue }: { onValue: (v: ValueForm) => void }) {
  const [value, setValue] = useState<ValueForm>({ mode: "literal", type: "string", text: "", blockID: "", name: "" });
  return <ValueField label="Input 1" value={value} options={OPTIONS} onChange={(v) => { setValue(v); onValue(v); }} />;
}

afterEach(cleanup);

describe("the value picker", () => {
  it("types a literal, then switches to a reference picked from the upstream outputs", () => {
    let last: ValueForm | undefined;
    render(<Harness onValue={(v) => (last = v)} />);
    fireEvent.change(screen.getByLabelText("Input 1 value"), { target: { value: "Paris" } });
    expect(writeValue(last!)).toEqual({ type: "string", value: { type: "literal", content: "Paris" } });

    fireEvent.change(screen.getByLabelText("Input 1 source"), { target: { value: "ref" } });
    const picker = screen.getByLabelText("Input 1 reference");
    expect([...picker.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "Pick an output…", "Start › city (string)", "Forecaster › output (string)", "Forecaster › usage.tokens (integer)",
    ]);
    fireEvent.change(picker, { target: { value: "156549::usage.tokens" } });
    expect(last).toMatchObject({ mode: "ref", blockID: "156549", name: "usage.tokens", type: "integer" });
    expect(writeValue(last!)).toEqual({ type: "integer", value: { type: "ref", content: { source: "block-output", blockID: "156549", name: "usage.tokens" } } });
  });

  it("shows a reference to a node that is no longer before this one, so it can be fixed", () => {
    render(<ValueField label="Input 1" value={{ mode: "ref", type: "string", text: "", blockID: "999", name: "gone" }} options={OPTIONS} onChange={() => undefined} />);
    expect(screen.getByLabelText("Input 1 reference")).toHaveProperty("value", "999::gone");
    expect(screen.getByText("999 › gone (not before this node)")).toBeTruthy();
  });
});
