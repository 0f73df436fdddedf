import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PromptEditor } from "./PromptEditor";

function Harness({ initial, known, onDefine }: { initial: string; known: string[]; onDefine: (name: string) => void }) {
  const [value, setValue] = useState(initial);
  return <PromptEditor value={value} onChange={setValue} known={known} onDefine={onDefine} />;
}

afterEach(cleanup);

describe("PromptEditor", () => {
  it("marks known and unknown variables as the text changes, and offers to define the unknown", () => {
    const onDefine = vi.fn();
    const { container } = render(<Harness initial="Hi {{city}}" known={["city"]} onDefine={onDefine} />);
    const mark = () => container.querySelectorAll("mark");
    expect([...mark()].map((m) => [m.dataset.variable, m.dataset.known])).toEqual([["city", "true"]]);

    fireEvent.change(screen.getByLabelText("Persona and prompt"), { target: { value: "Hi {{city}} and {{ who }}" } });
    expect([...mark()].map((m) => [m.dataset.variable, m.dataset.known])).toEqual([
      ["city", "true"],
      ["who", "false"],
    ]);
    const list = screen.getByRole("list", { name: "Variables in the persona" });
    expect(within(list).getByText(/not defined/)).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: "Define who" }));
    expect(onDefine).toHaveBeenCalledWith("who");
  });

  it("shows no variable list for a persona without variables", () => {
    render(<Harness initial="Be brief." known={[]} onDefine={() => {}} />);
    expect(screen.queryByRole("list", { name: "Variables in the persona" })).toBeNull();
  });
});
