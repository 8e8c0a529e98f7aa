import { Link } from 'react-router';
import { signedInAs } from './auth';

/** The portal's own home page: news, a table and a button styled by the portal's global stylesheet. */
export function HomePage() {
  return (
    <article>
      <h1>Good morning, {signedInAs.name.split(' ')[0]}</h1>
      <p>
        Requisitions waiting for your decision are under <Link to="/tasks">My tasks</Link>.
      </p>
      <h2>Canteen this week</h2>
      <table>
        <thead>
          <tr>
            <th>Day</th>
            <th>Main</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Monday</td>
            <td>Leek and potato soup</td>
          </tr>
          <tr>
            <td>Tuesday</td>
            <td>Fish pie</td>
          </tr>
        </tbody>
      </table>
      <button type="button" onClick={() => window.alert('Thank you for your feedback.')}>
        Send feedback
      </button>
    </article>
  );
}

/** A page of the portal that has nothing to do with purchasing. */
export function PeoplePage() {
  return (
    <article>
      <h1>People</h1>
      <ul>
        <li>Mark Evans, IT</li>
        <li>Helen Park, IT</li>
      </ul>
    </article>
  );
}

/** The portal's answer to a path it does not serve. */
export function NotFoundPage() {
  return (
    <article>
      <h1>Page not found</h1>
      <p>
        This page is not part of the intranet. <Link to="/">Back to the home page</Link>
      </p>
    </article>
  );
}
