import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { CanvasDoc } from "./canvas";
import { toFlow } from "./mapping";
import { bodyOutputOptions, optionKey, referenceOptions } from "./references";

const here = dirname(fileURLToPath(import.meta.url));
const load = (name: string) => JSON.parse(readFileSync(join(here, "fixtures", name), "utf8")) as CanvasDoc;
const keys = (options: { blockID: string; name: string }[]) => options.map(optionKey);

describe("reference picking", () => {
  const loops = toFlow(load("e2e_loops.json"));

  it("offers the outputs of the nodes before a node, nearest first, never its own or later ones", () => {
    const greeting = toFlow(load("e2e_greeting.json"));
    const pick = keys(referenceOptions("130001", greeting.nodes, greeting.edges));
    // both branches' texts (the Selector has no outputs), then the Start's fields
    expect(pick).toEqual(["120001::output", "120002::output", "100001::name", "100001::age"]);
    expect(pick).not.toContain("130001::label");
    expect(pick).not.toContain("900001::label");
    expect(keys(referenceOptions("100001", greeting.nodes, greeting.edges))).toEqual([]);
  });

  it("gives a node after a Loop the Loop's gathered outputs, not its body", () => {
    const pick = keys(referenceOptions("900001", loops.nodes, loops.edges));
    expect(pick).toEqual(["220001::marks", "210001::lines", "210001::last_line", "100001::words", "100001::times"]);
    expect(pick.some((k) => k.startsWith("211003"))).toBe(false);
  });

  it("gives a body node the body before it, the Loop's element, variables and index, and what precedes the Loop", () => {
    const pick = referenceOptions("211004", loops.nodes, loops.edges);
    expect(keys(pick)).toEqual(["211003::output", "210001::w", "210001::last", "210001::index", "100001::words", "100001::times"]);
    const element = pick.find((o) => o.blockID === "210001" && o.name === "w")!;
    expect(element.type).toBe("string"); // the element of list<string>
    expect(pick.find((o) => o.name === "index")!.type).toBe("integer");
    // the first body node sees no body node
    expect(keys(referenceOptions("211001", loops.nodes, loops.edges))).toEqual(["210001::w", "210001::last", "210001::index", "100001::words", "100001::times"]);
  });

  it("lists object fields by their dotted path", () => {
    const canvas: CanvasDoc = {
      nodes: [
        { id: "1", type: "1", data: { outputs: [{ name: "user", type: "object", schema: [{ name: "name", type: "string" }, { name: "age", type: "integer" }] }] } },
        { id: "2", type: "15", data: { nodeMeta: { title: "Greet" } } },
      ],
      edges: [{ sourceNodeID: "1", targetNodeID: "2" }],
    };
    const flow = toFlow(canvas);
    expect(referenceOptions("2", flow.nodes, flow.edges).map((o) => `${o.name}:${o.type}`)).toEqual(["user:object", "user.name:string", "user.age:integer"]);
  });

  it("offers a Loop's gathered outputs the fields of its body nodes", () => {
    expect(keys(bodyOutputOptions("220001", loops.nodes))).toEqual(["221001::output", "220001::index"]);
  });
});
