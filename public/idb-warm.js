// Cold start (bench/README.md "cold-start"): the browser opens this origin's IndexedDB store on
// its first request; ask now, while the module scripts load, by opening (and closing at once) the
// database RxDB opens first. One that does not exist yet is not created (the upgrade aborts).
// A file of its own, not an inline script: the Content-Security-Policy admits scripts from this
// origin only (server/http/security-headers.ts).
try {
  var warm = indexedDB.open('rxdb-dexie-chatbot--0--_rxdb_internal');
  warm.onupgradeneeded = function () { warm.transaction.abort(); };
  warm.onsuccess = function () { warm.result.close(); };
  warm.onerror = function (event) { event.preventDefault(); };
} catch { /* no IndexedDB: main.tsx shows its notice */ }
