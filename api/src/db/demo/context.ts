/**
 * What every step of the demo loader shares: the models, the one transaction (every query passes it:
 * the embedded database deadlocks on a query that does not), the clock, the numbering, and the
 * records created so far, looked up by their fixtures' natural keys.
 */
import type { Transaction } from 'sequelize';
import type { DefaultRoleName } from '../defaults.js';
import type { Models, Organization, Role, UnitOfMeasure } from '../models/index.js';
import type { DemoClock } from './clock.js';
import type { DemoNumbers } from './numbering.js';

/** A product as the requisition lines need it. */
export interface KnownProduct {
  id: string;
  name: string;
  priceCents: number;
  unit: UnitOfMeasure;
}

/** The records of one organisation, by natural key. */
export interface OrganizationRecords {
  organization: Organization;
  roles: Record<DefaultRoleName, Role>;
  /** Department code → id. */
  departments: Map<string, string>;
  /** Cost centre code → id. */
  costCenters: Map<string, string>;
  /** GL account code → id. */
  glAccounts: Map<string, string>;
  /** Vendor name → id. */
  vendors: Map<string, string>;
  /** Product SKU → product. */
  products: Map<string, KnownProduct>;
}

/** The loader's shared state. */
export interface DemoContext {
  models: Models;
  transaction: Transaction;
  clock: DemoClock;
  numbers: DemoNumbers;
  /** Email → user id, across organisations (a person may belong to several). */
  users: Map<string, string>;
}

/** `map`'s value for `key`, or an error naming the `kind` of key a fixture got wrong. */
export function lookup<T>(map: Map<string, T>, kind: string, key: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo fixtures: no ${kind} '${key}'`);
  return value;
}

/** The id of the user with `email`. */
export function userId(context: DemoContext, email: string): string {
  return lookup(context.users, 'user', email);
}
