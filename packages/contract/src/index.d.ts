/**
 * `@purchasing/contract`: the TypeScript types of the purchasing platform's API, generated from
 * `openapi.yaml` by openapi-typescript. Types only: importing it at run time finds nothing, so import
 * it with `import type`. The server (`api/`) implements these types and `@purchasing/api-client`
 * calls them; neither depends on the other.
 */

export type {
  /** The contract's reusable parts: `components['schemas']['Requisition']`, parameters, responses. */
  components,
  /** Every operation by its `operationId`: `operations['listRequisitions']`. */
  operations,
  /** Every path of the contract, with its operations' parameters, bodies and responses. */
  paths,
} from './generated/schema';
