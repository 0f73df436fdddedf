import { Navigate, Route, Routes } from "react-router-dom";
import { AREAS } from "./areas";
import { useSessionState } from "./session";
import { Shell } from "./Shell";
import { SignInPage } from "../pages/SignInPage";
import { NotFoundPage } from "../pages/NotFoundPage";

export function App() {
  const { session, loading } = useSessionState();
  if (loading) return <p className="centered muted">Loading…</p>;
  if (!session) return <SignInPage />;
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<Navigate to={AREAS[0].base} replace />} />
        {AREAS.map((area) => (
          <Route key={area.base} path={area.base}>
            {area.routes.map((r) =>
              r.path === "" ? <Route key="index" index element={r.element} /> : <Route key={r.path} path={r.path} element={r.element} />,
            )}
          </Route>
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
