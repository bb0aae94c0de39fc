// Launches Debian's Chromium through playwright-core (no browser download is possible here)
// and runs axe-core inside pages. One browser per test file; a fresh context per test.
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';

const require = createRequire(import.meta.url);

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`Chromium not found (tried ${candidates.join(', ')}): apt-get install -y chromium`);
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Waits for the page's running animations (a dialog's fade-in) to finish. */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** A screenshot named `name` in the folder SHOTS names, when it names one (nothing otherwise). */
export async function shotIfAsked(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await settleAnimations(page);
  await page.screenshot({ path: `${dir}/${name}.png` });
}

export interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Colour contrast read during a dialog's fade-in is not what a person sees: let it settle.
  await settleAnimations(page);
  // Evaluated, not added as a <script>: the app's Content-Security-Policy refuses inline scripts
  // (server/http/security-headers.ts), and DevTools evaluation is not subject to it.
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A modal by its accessible name, whether it is a dialog or an alertdialog (errors are alerts). */
export function dialogNamed(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));
}
