// RxDB's write conflict, however it arrives: a storage write error carries status 409; an
// RxError thrown by insert() says CONFLICT in its code and keeps the 409 in its write error.
export function isWriteConflict(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { status?: unknown; code?: unknown; parameters?: { writeError?: { status?: unknown } } };
  return e.status === 409 || e.code === 'CONFLICT' || e.parameters?.writeError?.status === 409;
}
