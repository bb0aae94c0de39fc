// The worker's own checks at the trust boundary (DESIGN.md §4: bad input never loses data).
// HTTP answers are parsed with their route's schema in http-client.ts; socket frames are parsed
// here with the contract's socketFrameOutSchema (src/api/messages.ts), the same schema the
// server's frames are checked against. A frame that fails is a WireError: reported and skipped,
// and the stream goes on. The remote flags are checked one by one (sanitizeFlags).
import { z } from 'zod';
import { socketFrameOutSchema, type SocketFrameOut } from '../api/messages';
import type { RemoteFlags } from '../api/remote-flags';
import { remoteFlagsSchema } from '../api/remote-flags-schema';

export class WireError extends Error {
  constructor(
    readonly source: 'page' | 'socket' | 'webhook',
    message: string,
    readonly sample: string,
  ) {
    super(message);
    this.name = 'WireError';
  }
}

export type ReportError = (error: WireError) => void;

function sampleOf(value: unknown): string {
  try {
    return JSON.stringify(value).slice(0, 200);
  } catch {
    return String(value).slice(0, 200);
  }
}

/** A socket frame, or a WireError for one that is not JSON or not a frame of the contract. */
export function parseSocketFrame(data: unknown): SocketFrameOut | WireError {
  if (typeof data !== 'string') return new WireError('socket', 'frame is not text', sampleOf(data));
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return new WireError('socket', 'frame is not JSON', data.slice(0, 200));
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || typeof (raw as { action?: unknown }).action !== 'string') {
    return new WireError('socket', 'frame has no action', sampleOf(raw));
  }
  const action = (raw as { action: string }).action;
  if (!socketFrameOutSchema.options.some((o) => o.shape.action.value === action)) return new WireError('socket', `unknown action ${action.slice(0, 40)}`, sampleOf(raw));
  const result = socketFrameOutSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return new WireError('socket', `${where}${issue?.message ?? 'not a frame'}`, sampleOf(raw));
}

/**
 * Keeps the known flags that pass their own schema (the answer crosses a trust boundary); a flag
 * that does not is dropped alone, so its default stays and the other flags still apply. Lists keep
 * their good entries.
 */
export function sanitizeFlags(answer: unknown): Partial<RemoteFlags> {
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return {};
  const out: Record<string, unknown> = {};
  const shape = remoteFlagsSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const value = (answer as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const schema = shape[key];
    if (schema instanceof z.ZodArray && Array.isArray(value)) {
      out[key] = value.filter((entry) => schema.element.safeParse(entry).success);
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as Partial<RemoteFlags>;
}
