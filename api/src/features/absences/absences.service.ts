import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { validationError } from '../../contract/validation.js';
import { execute, select, selectOne } from '../../db-query.js';
import { periodProblems } from '../../domain/absence.js';
import { Conflict, type ErrorDetail, NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import type { DecisionMailContext } from '../approvals/decision-mail.js';
import type { Actor } from '../requisitions/requisitions.service.js';
import { ABSENCE_COLUMNS, type AbsenceRow, canApprove, returnSteps, startAbsence } from './absence-moves.js';

type AbsenceView = components['schemas']['Absence'];
type AbsenceInput = components['schemas']['AbsenceInput'];
type AbsenceUpdate = components['schemas']['AbsenceUpdate'];

/** The 409 of an overlapping absence, naming `starts_at`. */
export const ABSENCE_OVERLAP_MESSAGE = 'You already have an absence at that time.';

interface StoredAbsence extends AbsenceRow {
  note: string | null;
  created_at: Date;
  delegate: AbsenceView['delegate'];
}

const SELECT_ABSENCE = `SELECT ${ABSENCE_COLUMNS}, a.note, a.created_at,
         json_build_object('id', d.id, 'first_name', d.first_name, 'last_name', d.last_name, 'email', d.email) AS delegate
    FROM user_absences a JOIN users d ON d.id = a.delegate_id`;

function present(row: StoredAbsence, now: Date): AbsenceView {
  const startsAt = new Date(row.starts_at);
  const endsAt = new Date(row.ends_at);
  return {
    id: row.id,
    starts_at: startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
    delegate: row.delegate,
    note: row.note,
    current: startsAt.getTime() <= now.getTime() && now.getTime() < endsAt.getTime(),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The caller's absences not ended yet, by start. */
export async function listMyAbsences(db: Db, actor: Actor, now = new Date()): Promise<AbsenceView[]> {
  const rows = await select<StoredAbsence>(
    db,
    `${SELECT_ABSENCE}
      WHERE a.organization_id = $1 AND a.user_id = $2 AND a.ended_at IS NULL AND a.ends_at > $3
      ORDER BY a.starts_at, a.id`,
    [actor.scope.organizationId, actor.userId, now],
  );
  return rows.map((row) => present(row, now));
}

interface Wanted {
  startsAt: Date;
  endsAt: Date;
  delegateId: string;
}

/**
 * Checks a period and delegate for the actor (400 naming each field) and that it overlaps none of
 * their other absences not ended (409 `ABSENCE_OVERLAP`). The caller holds their membership's lock.
 */
async function checkAbsence(
  db: Db,
  actor: Actor,
  wanted: Wanted,
  except: string | null,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const problems: ErrorDetail[] = periodProblems(wanted, now);
  if (wanted.delegateId === actor.userId) {
    problems.push({ field: 'delegate_user_id', message: 'Choose someone other than yourself.' });
  } else if (!(await canApprove(db, actor.scope.organizationId, wanted.delegateId, transaction))) {
    problems.push({
      field: 'delegate_user_id',
      message: 'The delegate must be an active member of the organisation who can approve.',
    });
  }
  if (problems.length > 0) throw validationError(problems);
  const overlap = await selectOne<{ id: string }>(
    db,
    `SELECT a.id FROM user_absences a
      WHERE a.organization_id = $1 AND a.user_id = $2 AND a.ended_at IS NULL
        AND a.starts_at < $4 AND a.ends_at > $3 AND ($5::uuid IS NULL OR a.id <> $5::uuid)
      LIMIT 1`,
    [actor.scope.organizationId, actor.userId, wanted.startsAt, wanted.endsAt, except],
    transaction,
  );
  if (overlap) {
    throw new Conflict(ABSENCE_OVERLAP_MESSAGE, 'ABSENCE_OVERLAP', [
      { field: 'starts_at', message: ABSENCE_OVERLAP_MESSAGE },
    ]);
  }
}

/** Serialises the absence changes of one member (the overlap check reads, then writes). */
async function lockMember(db: Db, actor: Actor, transaction: Transaction): Promise<void> {
  await execute(
    db,
    'SELECT 1 FROM user_organizations WHERE organization_id = $1 AND user_id = $2 FOR UPDATE',
    [actor.scope.organizationId, actor.userId],
    transaction,
  );
}

async function readAbsence(
  db: Db,
  actor: Actor,
  id: string,
  transaction: Transaction,
  now: Date,
): Promise<StoredAbsence> {
  const row = await selectOne<StoredAbsence>(
    db,
    `${SELECT_ABSENCE}
      WHERE a.organization_id = $1 AND a.user_id = $2 AND a.id = $3 AND a.ended_at IS NULL AND a.ends_at > $4
      FOR UPDATE OF a`,
    [actor.scope.organizationId, actor.userId, id, now],
    transaction,
  );
  if (!row) throw new NotFound('Absence');
  return row;
}

/** Starts the absence now when its start has come: its open steps move to the delegate. */
async function startIfDue(
  db: Db,
  row: StoredAbsence,
  now: Date,
  transaction: Transaction,
  mail: DecisionMailContext | undefined,
): Promise<void> {
  if (row.started_at || new Date(row.starts_at).getTime() > now.getTime()) return;
  await startAbsence(db, row, transaction, mail);
  await execute(
    db,
    'UPDATE user_absences SET started_at = $3 WHERE organization_id = $1 AND id = $2',
    [row.organization_id, row.id, now],
    transaction,
  );
}

/** Sets an absence of the actor; one that has started already moves their open steps at once. */
export async function createMyAbsence(
  db: Db,
  actor: Actor,
  input: AbsenceInput,
  now = new Date(),
): Promise<AbsenceView> {
  const wanted = {
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
    delegateId: input.delegate_user_id,
  };
  return db.sequelize.transaction(async (transaction) => {
    await lockMember(db, actor, transaction);
    await checkAbsence(db, actor, wanted, null, now, transaction);
    const inserted = await selectOne<{ id: string }>(
      db,
      `INSERT INTO user_absences (organization_id, user_id, delegate_id, starts_at, ends_at, note)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
      [
        actor.scope.organizationId,
        actor.userId,
        wanted.delegateId,
        wanted.startsAt,
        wanted.endsAt,
        input.note?.trim() ? input.note.trim() : null,
      ],
      transaction,
    );
    const row = await readAbsence(db, actor, inserted?.id ?? '', transaction, now);
    await startIfDue(db, row, now, transaction, actor.mail);
    return present(row, now);
  });
}

/**
 * Changes an absence of the actor not ended. One under way keeps its start (400 naming `starts_at`);
 * a new delegate takes over the steps the former one holds because of it.
 */
export async function updateMyAbsence(
  db: Db,
  actor: Actor,
  id: string,
  input: AbsenceUpdate,
  now = new Date(),
): Promise<AbsenceView> {
  return db.sequelize.transaction(async (transaction) => {
    await lockMember(db, actor, transaction);
    const row = await readAbsence(db, actor, id, transaction, now);
    const wanted = {
      startsAt: input.starts_at ? new Date(input.starts_at) : new Date(row.starts_at),
      endsAt: input.ends_at ? new Date(input.ends_at) : new Date(row.ends_at),
      delegateId: input.delegate_user_id ?? row.delegate_id,
    };
    if (row.started_at && wanted.startsAt.getTime() !== new Date(row.starts_at).getTime()) {
      throw validationError([
        { field: 'starts_at', message: 'This absence has started: change its end, or cancel it.' },
      ]);
    }
    await checkAbsence(db, actor, wanted, id, now, transaction);
    if (row.started_at && wanted.delegateId !== row.delegate_id) {
      await returnSteps(db, row, 'changed', transaction, actor.mail);
    }
    const note = input.note === undefined ? row.note : input.note?.trim() ? input.note.trim() : null;
    await execute(
      db,
      `UPDATE user_absences SET starts_at = $3, ends_at = $4, delegate_id = $5, note = $6
        WHERE organization_id = $1 AND id = $2`,
      [row.organization_id, id, wanted.startsAt, wanted.endsAt, wanted.delegateId, note],
      transaction,
    );
    const changed = await readAbsence(db, actor, id, transaction, now);
    if (changed.started_at && wanted.delegateId !== row.delegate_id) {
      await startAbsence(db, changed, transaction, actor.mail);
    }
    await startIfDue(db, changed, now, transaction, actor.mail);
    return present(changed, now);
  });
}

/** Cancels an absence of the actor not ended; the steps it moved come back at once. */
export async function cancelMyAbsence(db: Db, actor: Actor, id: string, now = new Date()): Promise<void> {
  await db.sequelize.transaction(async (transaction) => {
    await lockMember(db, actor, transaction);
    const row = await readAbsence(db, actor, id, transaction, now);
    if (row.started_at) await returnSteps(db, row, 'cancelled', transaction, actor.mail);
    await execute(
      db,
      'DELETE FROM user_absences WHERE organization_id = $1 AND id = $2',
      [row.organization_id, id],
      transaction,
    );
  });
}

/** Who the actor may name as delegate: active members holding `approval.act`, except the actor. */
export async function listAbsenceDelegates(db: Db, actor: Actor): Promise<AbsenceView['delegate'][]> {
  return select<AbsenceView['delegate']>(
    db,
    `SELECT DISTINCT u.id::text AS id, u.first_name, u.last_name, u.email
       FROM user_organizations m
       JOIN users u ON u.id = m.user_id AND u.is_active
       JOIN role_permissions rp ON rp.role_id = m.role_id AND rp.organization_id = m.organization_id
       JOIN permissions p ON p.id = rp.permission_id AND p.name = 'approval.act'
      WHERE m.organization_id = $1 AND m.is_active AND u.id <> $2
      ORDER BY u.last_name, u.first_name, u.email`,
    [actor.scope.organizationId, actor.userId],
  );
}
