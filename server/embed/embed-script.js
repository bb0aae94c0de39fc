// embed-script.js, served as /embed.js: one script tag on any website shows a chat bubble that opens one bot of this app in
// an iframe (issue 17, spec part 1 §1 "embedded mode"):
//   <script src="https://app.example/embed.js" data-bot-id="1000000000000001" data-label="Chat with us" defer></script>
// The app must allow the website as a frame ancestor (FRAME_ANCESTORS, server/README.md). The bot
// id must be 16 digits (spec part 1 §5). The bot's page may ask to be closed with a postMessage
// {type: 'embed.close'} from the app's origin.
// Signed in (standalone-with-auth): a page whose visitor is signed in hands embed.js a login token
// of that user, ChatbotEmbed.open({ accessToken }) or ChatbotEmbed.setAccessToken(token) before the
// bubble is tapped (null: the guest again). The token never goes into the frame's address: the
// frame opens /bot/<id>?auth=1, asks with {type: 'embed.ready'}, and gets {type: 'embed.auth',
// accessToken} posted to the app's origin only, and only when the question came from this frame
// and the app's origin (the app checks the other way round: src/screens/standalone/embed-token.ts).
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var appOrigin = new URL(script.src).origin;
  var botId = script.getAttribute('data-bot-id') || '';
  if (!/^\d{16}$/.test(botId)) {
    console.error('embed.js: data-bot-id must be a 16-digit bot id');
    return;
  }
  var label = script.getAttribute('data-label') || 'Chat with us';
  var closeLabel = script.getAttribute('data-close-label') || 'Close chat';

  var bubble = document.createElement('button');
  bubble.type = 'button';
  bubble.setAttribute('aria-label', label);
  bubble.setAttribute('aria-expanded', 'false');
  bubble.setAttribute('data-embed', 'bubble');
  // a speech bubble drawn in SVG (an emoji may have no glyph on the visitor's device)
  var svgNs = 'http://www.w3.org/2000/svg';
  var icon = document.createElementNS(svgNs, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24'); icon.setAttribute('width', '28'); icon.setAttribute('height', '28'); icon.setAttribute('aria-hidden', 'true');
  var path = document.createElementNS(svgNs, 'path');
  path.setAttribute('d', 'M4 5h16v11H9l-5 4z'); path.setAttribute('fill', 'none'); path.setAttribute('stroke', 'currentColor'); path.setAttribute('stroke-width', '2'); path.setAttribute('stroke-linejoin', 'round');
  icon.appendChild(path);
  bubble.appendChild(icon);
  var s = bubble.style;
  s.position = 'fixed'; s.right = '16px'; s.bottom = '16px'; s.width = '56px'; s.height = '56px';
  s.borderRadius = '50%'; s.border = '0'; s.background = '#0b6b5c'; s.color = '#fff'; s.display = 'grid'; s.placeItems = 'center';
  s.boxShadow = '0 4px 14px rgba(0,0,0,.25)'; s.cursor = 'pointer'; s.zIndex = '2147483001';

  var panel = null;
  var accessToken = null;
  function setAccessToken(token) {
    if (token !== null && (typeof token !== 'string' || !/^[0-9a-f]{32}$/.test(token))) {
      console.error('embed.js: accessToken must be a 32-character hex login token');
      return false;
    }
    accessToken = token;
    return true;
  }
  function close() {
    if (!panel) return;
    panel.remove();
    panel = null;
    bubble.setAttribute('aria-expanded', 'false');
    bubble.setAttribute('aria-label', label);
    bubble.focus();
  }
  function open() {
    if (panel) return;
    panel = document.createElement('iframe');
    // the standalone entry: the bot's thread; with a token, its user's (handed over on request)
    panel.src = appOrigin + '/bot/' + botId + (accessToken ? '?auth=1' : '');
    panel.title = label;
    panel.setAttribute('data-embed', 'frame');
    panel.setAttribute('allow', 'geolocation; microphone; camera');
    var p = panel.style;
    var small = window.innerWidth < 480;
    p.position = 'fixed'; p.zIndex = '2147483000'; p.border = '0'; p.background = '#fff';
    p.boxShadow = '0 8px 30px rgba(0,0,0,.3)'; p.borderRadius = small ? '0' : '14px';
    // on a phone the chat fills the screen above the bubble, which stays to close it
    p.right = small ? '0' : '16px'; p.bottom = '84px';
    if (small) { p.top = '0'; p.width = '100%'; p.height = 'calc(100% - 84px)'; } else { p.width = '380px'; p.height = 'min(600px, calc(100% - 100px))'; }
    document.body.appendChild(panel);
    bubble.setAttribute('aria-expanded', 'true');
    bubble.setAttribute('aria-label', closeLabel);
  }
  bubble.addEventListener('click', function () { if (panel) close(); else open(); });
  window.addEventListener('message', function (event) {
    if (event.origin !== appOrigin || !panel || event.source !== panel.contentWindow) return;
    if (event.data && event.data.type === 'embed.close') close();
    if (event.data && event.data.type === 'embed.ready' && accessToken) {
      panel.contentWindow.postMessage({ type: 'embed.auth', accessToken: accessToken }, appOrigin);
    }
  });
  document.body.appendChild(bubble);
  window.ChatbotEmbed = {
    /** Opens the chat; options.accessToken: the page's signed-in user (see the top of this file). */
    open: function (options) {
      if (options && options.accessToken !== undefined && !setAccessToken(options.accessToken)) return;
      open();
    },
    close: close,
    setAccessToken: setAccessToken,
  };
})();
