// Constants Vite defines at build time (vite.config.ts `define`).

/** version_code of this build: package.json's version by server/web/version.ts versionCodeOf (0.1.0 → 100). */
declare const __APP_VERSION_CODE__: number;

/** A locale file cut to the login route's ids (src/i18n/boot-messages.ts; vite.config.ts precompileMessages). */
declare module '*.json?boot' {
  const messages: Record<string, string>;
  export default messages;
}
