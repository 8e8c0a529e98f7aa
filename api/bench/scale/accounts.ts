/**
 * The accounts file the generator leaves beside nothing committed (`api/.data/scale/<database>.json`,
 * ignored by git) and the benchmark reads: the large organisation and who signs in as whom.
 */
import path from 'node:path';
import { apiRoot } from '../harness.js';

/** What the benchmark needs to know about a generated database. */
export interface ScaleUsers {
  database: string;
  generated_at: string;
  password: string;
  organization: { id: string; name: string; requisitions: number };
  /**
   * admin: Super Admin (`requisition.view_all`); manager: the busy manager; user: a plain User who
   * reports to them; finance: a Finance Manager; submitter: another of the manager's reports, who
   * owns the stock of drafts the benchmark creates and submits.
   */
  users: Record<'admin' | 'manager' | 'user' | 'finance' | 'submitter', { email: string; id: string }>;
}

/** Where the generator leaves the bench accounts of `database`. */
export const scaleUsersFile = (database: string) => path.join(apiRoot, '.data', 'scale', `${database}.json`);
