// Constants Vite defines at build time (vite.config.ts `define`).

/** version_code of this build: package.json's version by server/web/version.ts versionCodeOf (0.1.0 → 100). */
declare const __APP_VERSION_CODE__: number;
