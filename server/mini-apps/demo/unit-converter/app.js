// Unit converter: land (acre, hectare, bigha, square metre) and weight (kilo, quintal, tonne);
// the last pair of units is kept in mini-app storage ('units').
(function () {
  'use strict';
  var B = window.MiniAppBridge;
  // base units: square metres and kilograms; a bigha varies by state: this uses 1,600 m² (Rajasthan's pucca bigha is ~2,529 m²; Bihar's ~2,500 m²; the demo keeps one value)
  var UNITS = {
    acre: { kind: 'area', factor: 4046.8564224, name: { en: 'Acre', hi: 'एकड़', gu: 'એકર', mr: 'एकर', te: 'ఎకరం' } },
    hectare: { kind: 'area', factor: 10000, name: { en: 'Hectare', hi: 'हेक्टेयर', gu: 'હેક્ટર', mr: 'हेक्टर', te: 'హెక్టారు' } },
    bigha: { kind: 'area', factor: 1600, name: { en: 'Bigha', hi: 'बीघा', gu: 'વીઘા', mr: 'बिघा', te: 'బిఘా' } },
    sqm: { kind: 'area', factor: 1, name: { en: 'Square metre', hi: 'वर्ग मीटर', gu: 'ચોરસ મીટર', mr: 'चौरस मीटर', te: 'చదరపు మీటరు' } },
    kg: { kind: 'weight', factor: 1, name: { en: 'Kilogram', hi: 'किलोग्राम', gu: 'કિલોગ્રામ', mr: 'किलोग्रॅम', te: 'కిలోగ్రాము' } },
    quintal: { kind: 'weight', factor: 100, name: { en: 'Quintal', hi: 'क्विंटल', gu: 'ક્વિન્ટલ', mr: 'क्विंटल', te: 'క్వింటాల్' } },
    tonne: { kind: 'weight', factor: 1000, name: { en: 'Tonne', hi: 'टन', gu: 'ટન', mr: 'टन', te: 'టన్ను' } },
  };
  var T = {
    title: { en: 'Unit Converter', hi: 'इकाई परिवर्तक', gu: 'એકમ રૂપાંતરક', mr: 'एकक रूपांतरक', te: 'యూనిట్ మార్పిడి' },
    amount: { en: 'Amount', hi: 'मात्रा', gu: 'માત્રા', mr: 'प्रमाण', te: 'పరిమాణం' },
    from: { en: 'From', hi: 'से', gu: 'થી', mr: 'पासून', te: 'నుండి' },
    to: { en: 'To', hi: 'में', gu: 'માં', mr: 'मध्ये', te: 'కు' },
    mismatch: { en: 'Pick two units of the same kind (land or weight).', hi: 'एक ही तरह की दो इकाइयाँ चुनें (ज़मीन या वज़न)।', gu: 'એક જ પ્રકારના બે એકમ પસંદ કરો (જમીન અથવા વજન).', mr: 'एकाच प्रकारची दोन एकके निवडा (जमीन किंवा वजन).', te: 'ఒకే రకమైన రెండు యూనిట్లు ఎంచుకోండి (భూమి లేదా బరువు).' },
    signIn: { en: 'Sign in', hi: 'साइन इन करें', gu: 'સાઇન ઇન કરો', mr: 'साइन इन करा', te: 'సైన్ ఇన్ చేయండి' },
    hello: { en: 'Hello, ', hi: 'नमस्ते, ', gu: 'નમસ્તે, ', mr: 'नमस्कार, ', te: 'నమస్తే, ' },
    close: { en: 'Close', hi: 'बंद करें', gu: 'બંધ કરો', mr: 'बंद करा', te: 'మూసివేయండి' },
  };
  var $ = function (id) { return document.getElementById(id); };
  document.title = B.t(T.title);
  $('title').textContent = B.t(T.title);
  $('amount-label').textContent = B.t(T.amount);
  $('from-label').textContent = B.t(T.from);
  $('to-label').textContent = B.t(T.to);
  $('sign-in').textContent = B.t(T.signIn);
  $('close').textContent = B.t(T.close);
  Object.keys(UNITS).forEach(function (k) {
    ['from', 'to'].forEach(function (id) {
      var o = document.createElement('option');
      o.value = k;
      o.textContent = B.t(UNITS[k].name);
      $(id).append(o);
    });
  });
  $('from').value = 'acre';
  $('to').value = 'hectare';

  function convert() {
    var a = UNITS[$('from').value], b = UNITS[$('to').value];
    var amount = Number($('amount').value);
    if (a.kind !== b.kind) { $('out').textContent = B.t(T.mismatch); return; }
    var result = (amount * a.factor) / b.factor;
    $('out').textContent = (Math.round(result * 10000) / 10000).toLocaleString('en-IN') + ' ' + B.t(b.name);
  }
  function remember() {
    convert();
    B.storage.set('units', $('from').value + '>' + $('to').value).catch(function () {});
  }
  $('amount').addEventListener('input', convert);
  $('from').addEventListener('change', remember);
  $('to').addEventListener('change', remember);
  $('sign-in').addEventListener('click', function () {
    B.signIn('unit-converter').then(function (who) { $('hello').textContent = B.t(T.hello) + (who.name || '…'); $('sign-in').hidden = true; })
      .catch(function (e) { $('hello').textContent = e.message; });
  });
  $('close').addEventListener('click', function () { B.close(); });

  B.hello().then(function () { return B.storage.get('units'); }).then(function (r) {
    var pair = r && r.value ? r.value.split('>') : [];
    if (pair.length === 2 && UNITS[pair[0]] && UNITS[pair[1]]) { $('from').value = pair[0]; $('to').value = pair[1]; }
    convert();
  }).catch(convert);
})();
