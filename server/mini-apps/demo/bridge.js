// The bridge client a web mini app includes (<script src="/apps/bridge.js">): it speaks the app's
// versioned postMessage schema (src/domain/mini-app-bridge.ts) to the parent window only, and
// accepts replies only from the parent at the host origin it was given.
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  var host = params.get('host') || '';
  var lang = params.get('lang') || 'en';
  var count = 0;
  var pending = new Map();
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== host) return;
    var m = event.data;
    if (!m || m.v !== 1 || !pending.has(m.id)) return;
    var p = pending.get(m.id);
    pending.delete(m.id);
    if (m.ok) p.resolve(m.result); else p.reject(new Error(m.error));
  });
  function call(type, fields) {
    count += 1;
    var id = 'm' + count + '-' + Date.now();
    var message = Object.assign({ v: 1, id: id, type: type }, fields || {});
    return new Promise(function (resolve, reject) {
      pending.set(id, { resolve: resolve, reject: reject });
      window.parent.postMessage(message, host);
    });
  }
  window.MiniAppBridge = {
    lang: lang,
    host: host,
    call: call,
    hello: function () { return call('hello'); },
    storage: {
      get: function (key) { return call('storage.get', { key: key }); },
      set: function (key, value) { return call('storage.set', { key: key, value: value }); },
    },
    requestPermission: function (permission) { return call('permission.request', { permission: permission }); },
    setActivity: function (activity, score) { return call('activity.set', score === undefined ? { activity: activity } : { activity: activity, score: score }); },
    openLink: function (path) { return call('open-link', { path: path }); },
    close: function () { return call('close'); },
    /** Sign-on: a grant from the app, exchanged by this mini app's own backend for the user's name. */
    signIn: function (slug) {
      return call('sso.grant').then(function (grant) {
        return fetch(host + '/apps/' + slug + '/api/sign-in', {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_token: grant.grant_token }),
        }).then(function (r) {
          return r.json().then(function (b) { if (!r.ok) throw new Error(b.message || 'sign-in failed'); return b; });
        });
      });
    },
    t: function (table) { return table[lang] || table.en; },
  };
  document.documentElement.lang = lang;
})();
