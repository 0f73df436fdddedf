// The one way the console talks to Atelier: the public HTTP API, a personal access token as
// Bearer, JSON bodies. Every answer is `{"code": 0, "msg": "", ...}`; anything else becomes an
// ApiError carrying the server's message and the trace id (x-tt-logid) to quote in a report.

export type Json = Record<string, unknown>;
export type Query = Record<string, string | number | boolean | undefined | null>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly logId: string = "",
  ) {
    super(message);
    this.name = "ApiError";
  }
}

let bearer = "";
let onUnauthorized: (() => void) | null = null;

/** The token every request carries; set by the session on sign-in. */
export function setToken(token: string): void {
  bearer = token;
}

export const currentToken = (): string => bearer;

/** Called when the server answers 401 (an expired or deleted token): the session signs out. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

export function authHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return bearer ? { Authorization: `Bearer ${bearer}`, ...extra } : { ...extra };
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes("?") ? "&" : "?"}${text}` : path;
}

/**
 * Turns a non-2xx or `code != 0` answer into an ApiError; returns the parsed body otherwise.
 * `sentWith` is the token the request carried: a 401 signs the session out only when that token is
 * still the current one (a late answer to a wrong token tried before must not sign out the right one).
 */
export async function readAnswer<T>(response: Response, sentWith: string = bearer): Promise<T> {
  const logId = response.headers.get("x-tt-logid") ?? "";
  let body: Json | null = null;
  try {
    body = (await response.json()) as Json;
  } catch {
    body = null;
  }
  const code = typeof body?.code === "number" ? body.code : response.ok ? 0 : response.status;
  if (!response.ok || code !== 0) {
    if (response.status === 401 && onUnauthorized && sentWith === bearer) onUnauthorized();
    const msg = typeof body?.msg === "string" && body.msg ? body.msg : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, code, msg, logId);
  }
  return (body ?? {}) as T;
}

async function send<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const sentWith = bearer;
  const init: RequestInit = { method, headers: authHeaders(), signal };
  if (body !== undefined) {
    init.headers = authHeaders({ "Content-Type": "application/json" });
    init.body = JSON.stringify(body);
  }
  return readAnswer<T>(await fetch(path, init), sentWith);
}

export const api = {
  get: <T = Json>(path: string, query?: Query, signal?: AbortSignal) => send<T>("GET", withQuery(path, query), undefined, signal),
  post: <T = Json>(path: string, body: unknown = {}, signal?: AbortSignal) => send<T>("POST", path, body, signal),
  put: <T = Json>(path: string, body: unknown = {}, signal?: AbortSignal) => send<T>("PUT", path, body, signal),
  delete: <T = Json>(path: string, body?: unknown, signal?: AbortSignal) => send<T>("DELETE", path, body, signal),
};

/**
 * A multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can).
 * `onProgress` gets the fraction sent, 0..1.
 */
export function upload<T = Json>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  const sentWith = bearer;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    for (const [key, value] of Object.entries(authHeaders())) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 0, "network error while uploading"));
    xhr.onabort = () => reject(new DOMException("upload cancelled", "AbortError"));
    xhr.onload = () => {
      const headers = new Headers({ "Content-Type": "application/json" });
      const logId = xhr.getResponseHeader("x-tt-logid");
      if (logId) headers.set("x-tt-logid", logId);
      readAnswer<T>(new Response(xhr.responseText || "{}", { status: xhr.status, headers }), sentWith).then(resolve, reject);
    };
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
}

/** A message for people: the server's own words, and the trace id when there is one. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.logId ? `${error.message} (trace ${error.logId})` : error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
