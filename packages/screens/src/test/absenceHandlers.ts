/**
 * Typed MSW handlers for the Out of office screen: one `createAbsenceApi()` keeps its own in-memory
 * absences of the signed-in user, so setting or cancelling one shows on the next read; an absence
 * overlapping another answers 409 naming `starts_at`, as the server does.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { http } from './handlers';

type Absence = Schemas['Absence'];
type UserRef = Schemas['UserRef'];

const absenceId = (n: number) => `00000000-0000-4000-8000-${String(8000 + n).padStart(12, '0')}`;

/** The moment the stories and tests pin the screen's clock to. */
export const ABSENCE_NOW = new Date('2026-11-27T10:00:00.000Z');

/** Who may approve for the signed-in user. */
export const absenceDelegates: UserRef[] = [
  {
    id: '00000000-0000-4000-8000-000000008101',
    first_name: 'Frank',
    last_name: 'Li',
    email: 'finance@acme.test',
  },
  {
    id: '00000000-0000-4000-8000-000000008102',
    first_name: 'Helen',
    last_name: 'Park',
    email: 'head@acme.test',
  },
];

/** A week away in December with Helen Park as delegate (not under way). */
export function comingAbsence(): Absence {
  return {
    id: absenceId(1),
    starts_at: '2026-12-07T00:00:00.000Z',
    ends_at: '2026-12-14T00:00:00.000Z',
    delegate: absenceDelegates[1]!,
    note: 'Annual leave.',
    current: false,
    created_at: '2026-11-20T09:00:00.000Z',
  };
}

/** Away since yesterday until the day after tomorrow, Frank Li approving (under way). */
export function currentAbsence(): Absence {
  return {
    id: absenceId(2),
    starts_at: '2026-11-26T00:00:00.000Z',
    ends_at: '2026-11-29T00:00:00.000Z',
    delegate: absenceDelegates[0]!,
    note: null,
    current: true,
    created_at: '2026-11-25T09:00:00.000Z',
  };
}

/** A change the API received, for tests to assert what was sent. */
export interface AbsenceApiCall {
  method: 'POST' | 'DELETE';
  path: string;
  body?: unknown;
}

/** The in-memory absence API; `absences` is the starting list (default: one coming absence). */
export function createAbsenceApi(absences: Absence[] = [comingAbsence()]) {
  const calls: AbsenceApiCall[] = [];
  let next = 100;
  const overlap: Schemas['ErrorResponse'] = {
    message: 'You already have an absence at that time.',
    code: 'ABSENCE_OVERLAP',
    details: [{ field: 'starts_at', message: 'You already have an absence at that time.' }],
  };
  const handlers = [
    http.get('/users/me/absences', ({ response }) =>
      response(200).json({ absences: [...absences].sort((a, b) => a.starts_at.localeCompare(b.starts_at)) }),
    ),
    http.get('/users/me/absence-delegates', ({ response }) =>
      response(200).json({ users: absenceDelegates }),
    ),
    http.post('/users/me/absences', async ({ request, response }) => {
      const body = await request.json();
      calls.push({ method: 'POST', path: '/users/me/absences', body });
      if (absences.some((a) => a.starts_at < body.ends_at && body.starts_at < a.ends_at)) {
        return response(409).json(overlap);
      }
      next += 1;
      const absence: Absence = {
        id: absenceId(next),
        starts_at: body.starts_at,
        ends_at: body.ends_at,
        delegate: absenceDelegates.find((user) => user.id === body.delegate_user_id) ?? absenceDelegates[0]!,
        note: body.note ?? null,
        current: body.starts_at <= new Date().toISOString(),
        created_at: new Date().toISOString(),
      };
      absences.push(absence);
      return response(201).json({ absence });
    }),
    http.delete('/users/me/absences/{id}', ({ params, response }) => {
      calls.push({ method: 'DELETE', path: `/users/me/absences/${params.id}` });
      const index = absences.findIndex((entry) => entry.id === params.id);
      if (index < 0)
        return response(404).json({ message: 'Absence not found', code: 'NOT_FOUND', details: [] });
      absences.splice(index, 1);
      return response(204).empty();
    }),
  ];
  return { handlers, calls };
}

/** `GET /users/me/absences` that never answers (the loading state). */
export const absencesPendingHandler = () =>
  http.get('/users/me/absences', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ absences: [] });
  });
