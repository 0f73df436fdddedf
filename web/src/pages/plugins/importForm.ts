// Importing a plugin: what the user gave (an OpenAPI/Swagger document, a URL to one, a cURL
// command, a Postman collection) becomes convert_to_openapi's request; its answer is registered.

export type ImportSource = "document" | "url" | "curl" | "postman";

export const SOURCE_LABELS: Record<ImportSource, string> = {
  document: "OpenAPI document",
  url: "URL",
  curl: "cURL command",
  postman: "Postman collection",
};

/** PluginDataFormat (idl/plugin.thrift). */
export const FORMAT_NAMES: Record<number, string> = { 1: "OpenAPI", 2: "cURL", 3: "Postman", 4: "Swagger" };

export interface ImportOptions {
  name: string;
  description: string;
  /** The API's base URL, for inputs that do not say it (a Postman collection, a document without servers). */
  serverUrl: string;
}

/** What a pasted text looks like: a cURL command, a Postman collection, else a document. */
export function detectSource(text: string): Exclude<ImportSource, "url"> {
  const trimmed = text.trim();
  if (/^curl\s/i.test(trimmed)) return "curl";
  if (trimmed.startsWith("{")) {
    try {
      const parsed = JSON.parse(trimmed) as { info?: { _postman_id?: string; schema?: string } };
      if (parsed.info?._postman_id || parsed.info?.schema?.includes("postman")) return "postman";
    } catch {
      return "document";
    }
  }
  return "document";
}

/** A problem with the input that the user can fix before anything is sent; "" when none. */
export function inputProblem(source: ImportSource, text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return source === "url" ? "Enter the URL of an OpenAPI document." : `Paste or choose a ${SOURCE_LABELS[source]}.`;
  if (source === "url") {
    try {
      const url = new URL(trimmed);
      if (url.protocol !== "http:" && url.protocol !== "https:") return "The URL must start with http:// or https://.";
    } catch {
      return `"${trimmed}" is not a URL.`;
    }
  }
  if (source === "curl" && !/^curl\s/i.test(trimmed)) return "A cURL command starts with curl.";
  if (source === "postman") {
    try {
      JSON.parse(trimmed);
    } catch {
      return "A Postman collection is JSON: this text is not.";
    }
  }
  return "";
}

/** convert_to_openapi's body: the text itself, or for a URL the URL, which the server fetches
 * (document_url) so that no cross-origin rule of the document's server is in the way. */
export function convertRequest(spaceId: string, source: ImportSource, text: string, options: ImportOptions): Record<string, unknown> {
  const body: Record<string, unknown> = { space_id: spaceId, merge_same_paths: false };
  if (source === "url") body.document_url = text.trim();
  else body.data = text;
  if (options.name.trim()) body.plugin_name = options.name.trim();
  if (options.description.trim()) body.plugin_description = options.description.trim();
  if (options.serverUrl.trim()) body.plugin_url = options.serverUrl.trim();
  return body;
}

/** The manifest to register: the converted one with the name and description the user typed. */
export function manifestFor(aiPlugin: string, options: ImportOptions): string {
  let manifest: Record<string, unknown> = {};
  try {
    manifest = JSON.parse(aiPlugin || "{}") as Record<string, unknown>;
  } catch {
    manifest = {};
  }
  if (options.name.trim()) manifest.name_for_human = options.name.trim();
  if (options.description.trim()) {
    manifest.description_for_human = options.description.trim();
    manifest.description_for_model = options.description.trim();
  }
  return JSON.stringify(manifest);
}
