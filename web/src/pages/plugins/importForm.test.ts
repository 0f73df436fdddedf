import { describe, expect, it } from "vitest";
import { convertRequest, detectSource, inputProblem, manifestFor } from "./importForm";

const POSTMAN = JSON.stringify({
  info: { _postman_id: "x", name: "Pets", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
  item: [],
});

describe("plugin import", () => {
  it("recognises cURL, Postman and documents", () => {
    expect(detectSource("  curl -X POST https://api.example.com/v1/chat")).toBe("curl");
    expect(detectSource(POSTMAN)).toBe("postman");
    expect(detectSource('{"openapi": "3.0.3"}')).toBe("document");
    expect(detectSource("openapi: 3.0.3\ninfo: {}")).toBe("document");
  });

  it("names what is wrong with the input", () => {
    expect(inputProblem("document", "  ")).toBe("Paste or choose a OpenAPI document.");
    expect(inputProblem("url", "ftp://x")).toBe("The URL must start with http:// or https://.");
    expect(inputProblem("url", "not a url")).toBe('"not a url" is not a URL.');
    expect(inputProblem("curl", "wget x")).toBe("A cURL command starts with curl.");
    expect(inputProblem("postman", "{nope")).toMatch(/not/);
    expect(inputProblem("postman", POSTMAN)).toBe("");
  });

  it("maps the form to convert_to_openapi's request, leaving blanks out", () => {
    expect(convertRequest("9", "curl", "curl https://a.example", { name: " Chat ", description: "", serverUrl: "https://a.example" })).toEqual({
      space_id: "9",
      data: "curl https://a.example",
      merge_same_paths: false,
      plugin_name: "Chat",
      plugin_url: "https://a.example",
    });
  });

  it("sends a URL for the server to fetch, not a document", () => {
    expect(convertRequest("9", "url", "  https://api.example.com/openapi.json ", { name: "", description: "", serverUrl: "" })).toEqual({
      space_id: "9",
      document_url: "https://api.example.com/openapi.json",
      merge_same_paths: false,
    });
  });

  it("puts the typed name and description into the manifest", () => {
    const manifest = JSON.parse(manifestFor('{"name_for_human":"Old","auth":{"type":"none"}}', { name: "New", description: "Says hi", serverUrl: "" }));
    expect(manifest).toEqual({
      name_for_human: "New",
      description_for_human: "Says hi",
      description_for_model: "Says hi",
      auth: { type: "none" },
    });
    expect(JSON.parse(manifestFor("", { name: "", description: "", serverUrl: "" }))).toEqual({});
  });
});
