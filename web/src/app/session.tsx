// The signed-in user, their spaces and the current space, for every page (useSession()).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { setToken, setUnauthorizedHandler } from "../api/client";
import { forget, remember, rememberSpace, storedSpace, storedToken, whoAmI } from "../api/session";
import type { CurrentUser, Workspace } from "../api/types";

export interface Session {
  user: CurrentUser;
  spaces: Workspace[];
  space: Workspace;
  /** The current space's id: `space_id` of every call. */
  spaceId: string;
  switchSpace: (spaceId: string) => void;
  signOut: () => void;
}

interface SessionState {
  session: Session | null;
  loading: boolean;
  signIn: (token: string) => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [spaces, setSpaces] = useState<Workspace[]>([]);
  const [spaceId, setSpaceId] = useState("");
  const [loading, setLoading] = useState(true);

  const signOut = useCallback(() => {
    forget();
    setToken("");
    setUser(null);
    setSpaces([]);
    setSpaceId("");
  }, []);

  const load = useCallback(async (token: string) => {
    setToken(token);
    const found = await whoAmI();
    const kept = found.spaces.find((s) => s.id === storedSpace());
    const chosen = kept ?? found.spaces[0];
    remember(token, chosen?.id ?? "");
    setUser(found.user);
    setSpaces(found.spaces);
    setSpaceId(chosen?.id ?? "");
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(signOut);
    const token = storedToken();
    if (!token) {
      setLoading(false);
      return;
    }
    load(token)
      .catch(() => signOut())
      .finally(() => setLoading(false));
    return () => setUnauthorizedHandler(null);
  }, [load, signOut]);

  const switchSpace = useCallback((id: string) => {
    rememberSpace(id);
    setSpaceId(id);
  }, []);

  const value = useMemo<SessionState>(() => {
    const space = spaces.find((s) => s.id === spaceId);
    const session = user && space ? { user, spaces, space, spaceId, switchSpace, signOut } : null;
    return { session, loading, signIn: load };
  }, [user, spaces, spaceId, loading, load, switchSpace, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSessionState(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error("useSessionState outside SessionProvider");
  return state;
}

/** The session of a signed-in page (the shell renders pages only when signed in). */
export function useSession(): Session {
  const { session } = useSessionState();
  if (!session) throw new Error("useSession on a page shown signed out");
  return session;
}
