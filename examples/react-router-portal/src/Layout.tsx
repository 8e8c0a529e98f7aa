import { Link, NavLink, Outlet } from 'react-router';
import { signedInAs } from './auth';

/** The portal's frame on every page: its header, its navigation and its footer. */
export function Layout() {
  return (
    <div className="portal">
      <header className="portal-header">
        <Link className="portal-brand" to="/">
          Northwind Intranet
        </Link>
        <nav aria-label="Portal" className="portal-nav">
          <NavLink to="/" end>
            Home
          </NavLink>
          <NavLink to="/tasks">My tasks</NavLink>
          <NavLink to="/people">People</NavLink>
        </nav>
        <p className="portal-user">
          Signed in as <strong>{signedInAs.name}</strong>
        </p>
      </header>
      <main className="portal-main">
        <Outlet />
      </main>
      <footer className="portal-footer">Northwind Traders · internal use only</footer>
    </div>
  );
}
