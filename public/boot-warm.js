// Warm-ups run while the module scripts load (bench/README.md "cold-start" and "network"): the
// main thread has nothing else to do until the entry arrives, the first visit over a slow link
// most of all. A file of its own, not an inline script: the Content-Security-Policy admits
// scripts from this origin only (server/http/security-headers.ts).
//
// 1. IndexedDB: the browser opens this origin's store on its first request; ask now, by opening
//    (and closing at once) the database RxDB opens first. One that does not exist yet is not
//    created (the upgrade aborts).
try {
  var warm = indexedDB.open('rxdb-dexie-chatbot--0--_rxdb_internal');
  warm.onupgradeneeded = function () { warm.transaction.abort(); };
  warm.onsuccess = function () { warm.result.close(); };
  warm.onerror = function (event) { event.preventDefault(); };
} catch { /* no IndexedDB: main.tsx shows its notice */ }

// 2. ICU: V8 loads the locale data of the Intl APIs on the first call. react-intl's createIntl
//    makes that call (supportedLocalesOf) inside React's first render: 13-30 ms, 55-120 ms at 4x
//    CPU, a long task a tap on the login screen waited behind. Here it is paid while the network
//    is busy instead. The locale is the app's (src/app/intl-provider.tsx: '<code>-IN'), from the
//    language hint src/app/boot-preload.ts remembers.
try {
  var code = localStorage.getItem('ui.language-hint') || 'en';
  var locale = /^[a-z]{2}$/.test(code) ? code + '-IN' : 'en-IN';
  Intl.NumberFormat.supportedLocalesOf(locale);
  Intl.DateTimeFormat.supportedLocalesOf(locale);
} catch { /* storage blocked or no Intl: the first render pays it, as before */ }
