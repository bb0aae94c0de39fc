// Daily quiz: one question a day (by the date); the streak of days answered right in a row is
// kept in mini-app storage ('streak': {count, day}), so it survives reloads and other devices.
(function () {
  'use strict';
  var B = window.MiniAppBridge;
  var T = {
    title: { en: 'Daily Quiz', hi: 'रोज़ की क्विज़', gu: 'દૈનિક ક્વિઝ', mr: 'दैनिक प्रश्नमंजुषा', te: 'రోజువారీ క్విజ్' },
    streak: { en: 'Streak', hi: 'सिलसिला', gu: 'સળંગતા', mr: 'सलग दिवस', te: 'వరుస' },
    right: { en: 'Right! Come back tomorrow.', hi: 'सही! कल फिर आइए।', gu: 'સાચું! કાલે ફરી આવજો.', mr: 'बरोबर! उद्या पुन्हा या.', te: 'సరైనది! రేపు మళ్లీ రండి.' },
    wrong: { en: 'Not quite. Your streak starts again.', hi: 'सही नहीं। सिलसिला फिर से शुरू होगा।', gu: 'સાચું નથી. સળંગતા ફરી શરૂ થશે.', mr: 'बरोबर नाही. सलग मालिका पुन्हा सुरू होईल.', te: 'సరైనది కాదు. మీ వరుస మళ్లీ మొదలవుతుంది.' },
    done: { en: 'You have answered today. Come back tomorrow.', hi: 'आज का जवाब हो गया। कल फिर आइए।', gu: 'આજનો જવાબ આપી દીધો. કાલે ફરી આવજો.', mr: 'आजचे उत्तर दिले. उद्या पुन्हा या.', te: 'ఈరోజు జవాబు ఇచ్చారు. రేపు మళ్లీ రండి.' },
    signIn: { en: 'Sign in', hi: 'साइन इन करें', gu: 'સાઇન ઇન કરો', mr: 'साइन इन करा', te: 'సైన్ ఇన్ చేయండి' },
    hello: { en: 'Hello, ', hi: 'नमस्ते, ', gu: 'નમસ્તે, ', mr: 'नमस्कार, ', te: 'నమస్తే, ' },
    remind: { en: 'Remind me daily', hi: 'रोज़ याद दिलाएँ', gu: 'દરરોજ યાદ અપાવો', mr: 'दररोज आठवण करा', te: 'రోజూ గుర్తు చేయండి' },
    reminded: { en: 'Reminders on.', hi: 'याद दिलाना चालू।', gu: 'યાદ અપાવવાનું ચાલુ.', mr: 'आठवण चालू.', te: 'గుర్తింపులు ఆన్.' },
    noRemind: { en: 'Reminders not allowed.', hi: 'याद दिलाने की अनुमति नहीं।', gu: 'યાદ અપાવવાની મંજૂરી નથી.', mr: 'आठवणीची परवानगी नाही.', te: 'గుర్తింపులకు అనుమతి లేదు.' },
    close: { en: 'Close', hi: 'बंद करें', gu: 'બંધ કરો', mr: 'बंद करा', te: 'మూసివేయండి' },
  };
  var QUESTIONS = [
    { q: { en: 'Which crop is sown in the rabi season?', hi: 'रबी के मौसम में कौन-सी फ़सल बोई जाती है?', gu: 'રવી ઋતુમાં કયો પાક વાવવામાં આવે છે?', mr: 'रब्बी हंगामात कोणते पीक पेरले जाते?', te: 'రబీ కాలంలో ఏ పంట వేస్తారు?' },
      options: [{ en: 'Wheat', hi: 'गेहूँ', gu: 'ઘઉં', mr: 'गहू', te: 'గోధుమ' }, { en: 'Paddy', hi: 'धान', gu: 'ડાંગર', mr: 'भात', te: 'వరి' }, { en: 'Cotton', hi: 'कपास', gu: 'કપાસ', mr: 'कापूस', te: 'పత్తి' }], answer: 0 },
    { q: { en: 'How many kilograms make one quintal?', hi: 'एक क्विंटल में कितने किलो होते हैं?', gu: 'એક ક્વિન્ટલમાં કેટલા કિલો હોય?', mr: 'एका क्विंटलमध्ये किती किलो असतात?', te: 'ఒక క్వింటాల్‌కు ఎన్ని కిలోలు?' },
      options: [{ en: '10', hi: '10', gu: '10', mr: '10', te: '10' }, { en: '100', hi: '100', gu: '100', mr: '100', te: '100' }, { en: '1000', hi: '1000', gu: '1000', mr: '1000', te: '1000' }], answer: 1 },
    { q: { en: 'Which gas do plants take in to make food?', hi: 'पौधे भोजन बनाने के लिए कौन-सी गैस लेते हैं?', gu: 'છોડ ખોરાક બનાવવા કયો વાયુ લે છે?', mr: 'वनस्पती अन्न बनवण्यासाठी कोणता वायू घेतात?', te: 'మొక్కలు ఆహారం తయారీకి ఏ వాయువు తీసుకుంటాయి?' },
      options: [{ en: 'Oxygen', hi: 'ऑक्सीजन', gu: 'ઓક્સિજન', mr: 'ऑक्सिजन', te: 'ఆక్సిజన్' }, { en: 'Carbon dioxide', hi: 'कार्बन डाइऑक्साइड', gu: 'કાર્બન ડાયોક્સાઇડ', mr: 'कार्बन डायऑक्साइड', te: 'కార్బన్ డయాక్సైడ్' }, { en: 'Nitrogen', hi: 'नाइट्रोजन', gu: 'નાઇટ્રોજન', mr: 'नायट्रोजन', te: 'నైట్రోజన్' }], answer: 1 },
  ];
  var $ = function (id) { return document.getElementById(id); };
  var day = Math.floor(Date.now() / 86400000);
  var item = QUESTIONS[day % QUESTIONS.length];
  var streak = { count: 0, day: -1 };
  document.title = B.t(T.title);
  $('title').textContent = B.t(T.title);
  $('streak-label').textContent = B.t(T.streak);
  $('sign-in').textContent = B.t(T.signIn);
  $('remind').textContent = B.t(T.remind);
  $('close').textContent = B.t(T.close);
  $('question').textContent = B.t(item.q);

  function show() {
    $('streak').textContent = String(streak.count);
    var answered = streak.day === day;
    Array.prototype.forEach.call(document.querySelectorAll('#options button'), function (b) { b.disabled = answered; });
    if (answered && !$('result').textContent) $('result').textContent = B.t(T.done);
  }
  item.options.forEach(function (o, i) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = B.t(o);
    b.addEventListener('click', function () {
      var right = i === item.answer;
      // a streak counts days in a row: a missed day or a wrong answer starts it again
      var count = right ? (streak.day === day - 1 ? streak.count + 1 : 1) : 0;
      streak = { count: count, day: day };
      $('result').textContent = right ? B.t(T.right) : B.t(T.wrong);
      show();
      B.storage.set('streak', JSON.stringify(streak)).catch(function (e) { $('result').textContent = e.message; });
      B.setActivity(right ? 'Answered right' : 'Answered wrong', count).catch(function () {});
    });
    $('options').append(b);
  });
  $('sign-in').addEventListener('click', function () {
    B.signIn('daily-quiz').then(function (who) { $('hello').textContent = B.t(T.hello) + (who.name || '…'); $('sign-in').hidden = true; })
      .catch(function (e) { $('hello').textContent = e.message; });
  });
  $('remind').addEventListener('click', function () {
    B.requestPermission('notifications').then(function (r) { $('result').textContent = r.granted ? B.t(T.reminded) : B.t(T.noRemind); });
  });
  $('close').addEventListener('click', function () { B.close(); });

  B.hello().then(function () { return B.storage.get('streak'); }).then(function (r) {
    if (r && r.value) {
      try { var s = JSON.parse(r.value); if (typeof s.count === 'number' && typeof s.day === 'number') streak = s; } catch { /* a bad value starts afresh */ }
    }
    show();
  }).catch(show);
})();
