// The frame of every signed-in page: the sidebar (areas), the space switcher, theme and account.
import { NavLink, Outlet } from "react-router-dom";
import { useTheme, type Theme } from "./theme";
import { AREAS } from "./areas";
import { useSession } from "./session";

export function Shell() {
  const session = useSession();
  const [theme, setTheme] = useTheme();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar">
        <div className="brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>Atelier</span>
        </div>
        <label className="field">
          <span>Space</span>
          <select value={session.spaceId} onChange={(e) => session.switchSpace(e.target.value)} aria-label="Space">
            {session.spaces.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <nav aria-label="Main">
          <ul>
            {AREAS.map((area) => (
              <li key={area.base}>
                <NavLink to={area.base}>{area.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-footer">
          <label className="field">
            <span>Theme</span>
            <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)} aria-label="Theme">
              <option value="system">System</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
          <div className="account">
            <span title={session.user.user_name}>{session.user.nick_name || session.user.user_name}</span>
            <button type="button" className="btn btn-small" onClick={session.signOut}>
              Sign out
            </button>
          </div>
        </div>
      </aside>
      <main id="main" className="content" tabIndex={-1}>
        {/* Pages re-mount on a space switch: nothing of the previous space stays on screen. */}
        <Outlet key={session.spaceId} />
      </main>
    </div>
  );
}
