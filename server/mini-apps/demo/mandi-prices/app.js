// Mandi prices: today's crop prices from this mini app's backend, searched as the user types; the
// last search is kept in mini-app storage; sign-on greets the user; "near me" asks for location.
(function () {
  'use strict';
  var B = window.MiniAppBridge;
  var T = {
    title: { en: 'Mandi Prices', hi: 'मंडी भाव', gu: 'મંડી ભાવ', mr: 'बाजार भाव', te: 'మండీ ధరలు' },
    signIn: { en: 'Sign in', hi: 'साइन इन करें', gu: 'સાઇન ઇન કરો', mr: 'साइन इन करा', te: 'సైన్ ఇన్ చేయండి' },
    hello: { en: 'Hello, ', hi: 'नमस्ते, ', gu: 'નમસ્તે, ', mr: 'नमस्कार, ', te: 'నమస్తే, ' },
    search: { en: 'Search crop or market', hi: 'फ़सल या मंडी खोजें', gu: 'પાક અથવા બજાર શોધો', mr: 'पीक किंवा बाजार शोधा', te: 'పంట లేదా మార్కెట్ వెతకండి' },
    none: { en: 'No prices found.', hi: 'कोई भाव नहीं मिला।', gu: 'કોઈ ભાવ મળ્યા નથી.', mr: 'कोणतेही भाव सापडले नाहीत.', te: 'ధరలు ఏవీ దొరకలేదు.' },
    perQ: { en: '/quintal', hi: '/क्विंटल', gu: '/ક્વિન્ટલ', mr: '/क्विंटल', te: '/క్వింటాల్' },
    near: { en: 'Markets near me', hi: 'मेरे पास की मंडियाँ', gu: 'મારી નજીકના બજારો', mr: 'माझ्या जवळचे बाजार', te: 'నా దగ్గరి మార్కెట్లు' },
    granted: { en: 'Location allowed: showing markets near you.', hi: 'स्थान की अनुमति मिली: पास की मंडियाँ दिख रही हैं।', gu: 'સ્થાનની મંજૂરી મળી: નજીકના બજારો બતાવીએ છીએ.', mr: 'स्थानाची परवानगी मिळाली: जवळचे बाजार दाखवत आहोत.', te: 'స్థానానికి అనుమతి ఉంది: దగ్గరి మార్కెట్లు చూపిస్తున్నాం.' },
    denied: { en: 'Location not allowed: showing all markets.', hi: 'स्थान की अनुमति नहीं: सभी मंडियाँ दिख रही हैं।', gu: 'સ્થાનની મંજૂરી નથી: બધા બજારો બતાવીએ છીએ.', mr: 'स्थानाची परवानगी नाही: सर्व बाजार दाखवत आहोत.', te: 'స్థానానికి అనుమతి లేదు: అన్ని మార్కెట్లు చూపిస్తున్నాం.' },
    rewards: { en: 'My rewards', hi: 'मेरे इनाम', gu: 'મારા ઇનામ', mr: 'माझी बक्षिसे', te: 'నా బహుమతులు' },
    close: { en: 'Close', hi: 'बंद करें', gu: 'બંધ કરો', mr: 'बंद करा', te: 'మూసివేయండి' },
    failed: { en: 'Could not load prices. Try again.', hi: 'भाव लोड नहीं हो सके। फिर कोशिश करें।', gu: 'ભાવ લોડ ન થયા. ફરી પ્રયત્ન કરો.', mr: 'भाव लोड झाले नाहीत. पुन्हा प्रयत्न करा.', te: 'ధరలు లోడ్ కాలేదు. మళ్లీ ప్రయత్నించండి.' },
  };
  var $ = function (id) { return document.getElementById(id); };
  document.title = B.t(T.title);
  $('title').textContent = B.t(T.title);
  $('sign-in').textContent = B.t(T.signIn);
  $('q-label').textContent = B.t(T.search);
  $('near').textContent = B.t(T.near);
  $('rewards').textContent = B.t(T.rewards);
  $('close').textContent = B.t(T.close);

  var timer = 0;
  function load(q) {
    fetch(B.host + '/apps/mandi-prices/api/prices?q=' + encodeURIComponent(q) + '&lang=' + B.lang)
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
      .then(function (body) {
        var list = $('list');
        list.textContent = '';
        $('status').textContent = body.prices.length === 0 ? B.t(T.none) : '';
        body.prices.forEach(function (p) {
          var li = document.createElement('li');
          var left = document.createElement('span');
          left.textContent = p.crop + ' · ' + p.market;
          var right = document.createElement('strong');
          right.textContent = '₹ ' + p.price_per_quintal.toLocaleString('en-IN') + B.t(T.perQ);
          li.append(left, right);
          list.append(li);
        });
      })
      .catch(function () { $('status').textContent = B.t(T.failed); });
  }
  $('q').addEventListener('input', function () {
    clearTimeout(timer);
    var q = $('q').value;
    timer = setTimeout(function () {
      load(q);
      B.storage.set('last_search', q).catch(function () {});
      if (q.trim()) B.setActivity('Searched ' + q.trim().slice(0, 40)).catch(function () {});
    }, 250);
  });
  $('sign-in').addEventListener('click', function () {
    B.signIn('mandi-prices').then(function (who) { $('hello').textContent = B.t(T.hello) + (who.name || '…'); $('sign-in').hidden = true; })
      .catch(function (e) { $('hello').textContent = e.message; });
  });
  $('near').addEventListener('click', function () {
    B.requestPermission('location').then(function (r) { $('status').textContent = r.granted ? B.t(T.granted) : B.t(T.denied); });
  });
  $('rewards').addEventListener('click', function () { B.openLink('/rewards'); });
  $('close').addEventListener('click', function () { B.close(); });

  B.hello().then(function () { return B.storage.get('last_search'); })
    .then(function (r) { var q = (r && r.value) || ''; $('q').value = q; load(q); })
    .catch(function () { load(''); });
})();
