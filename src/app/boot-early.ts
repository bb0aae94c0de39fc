// Imported first by main.tsx, so it runs before the rest of the entry's modules are evaluated
// (about 100–200 ms of one task on a phone): a start that reads the database first (any but a
// signed-out one, boot-hint.ts) asks for RxDB's chunk and the boot reads' chunk now, and the
// service worker serves them while the rest evaluates, instead of after (bench/README.md
// "cold-start"). startClient() and main.tsx import the same modules later and get them at once.
import { isSignedOutStart } from './boot-hint';

if (!isSignedOutStart()) {
  void import('../db/database').catch(() => undefined);
  void import('../db/boot-prefetch').catch(() => undefined);
}
