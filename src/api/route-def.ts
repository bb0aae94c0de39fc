// What a route of the contract is: its table entry (route-table.ts), the schema of its body and
// the schema of its answer. Its own module so the contract's parts (bot-profile-contract.ts,
// feedback-contract.ts) build their routes without importing contract.ts back.
import type { z } from 'zod';
import type { RouteMeta } from './route-table';

export interface RouteDef<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> extends RouteMeta {
  readonly body: B;
  /** The schema of the 200 (or 204, read as {}) answer: the worker parses every answer with it. */
  readonly response: R;
}

/** A route of the contract: its table entry, the schema of its body and of its answer. */
export function route<B extends z.ZodType, R extends z.ZodType>(def: RouteDef<B, R>): RouteDef<B, R> {
  return def;
}
