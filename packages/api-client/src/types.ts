import type { components } from '@purchasing/contract';

/**
 * The contract's schemas by name (`Schemas['User']`, `Schemas['Requisition']`…), as the server sends
 * them: JSON field names in snake_case.
 */
export type Schemas = components['schemas'];
