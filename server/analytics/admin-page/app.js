// The admin analytics page's script (served as a file: the CSP admits no inline script). Reads
// /admin/analytics/data (the browser sends the Basic credentials it was asked for) and draws
// four uPlot charts.
/* global uPlot */
'use strict';

const WIDTH = () => Math.min(720, Math.max(320, document.querySelector('main').clientWidth / (window.innerWidth > 1000 ? 2 : 1) - 48));

function lineChart(el, title, days, values, color) {
  const opts = {
    title, width: WIDTH(), height: 220,
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    series: [{}, { label: title, stroke: color, width: 2, fill: color + '22', points: { show: true } }],
    axes: [{}, { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) }],
  };
  return new uPlot(opts, [days.map((d) => d / 1000), values], el);
}

function barChart(el, title, labels, values, color) {
  const bars = uPlot.paths.bars({ size: [0.6, 64] });
  const opts = {
    title, width: WIDTH(), height: 220,
    scales: { x: { time: false, range: [-0.5, labels.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    series: [{}, { label: title, fill: color, stroke: color, paths: bars, points: { show: false } }],
    axes: [{ splits: () => labels.map((_l, i) => i), values: () => labels, gap: 4, size: 48 }, { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) }],
  };
  return new uPlot(opts, [labels.map((_l, i) => i), values], el);
}

function fillFunnelTable(funnel) {
  const body = document.querySelector('#funnel-table tbody');
  const names = { login: 'Login', otp: 'OTP verified', onboarding: 'Onboarding done' };
  body.replaceChildren(...funnel.map((step, i) => {
    const row = document.createElement('tr');
    const prev = i === 0 ? null : funnel[i - 1].users;
    for (const text of [names[step.step] || step.step, String(step.users), prev === null ? '' : prev === 0 ? '—' : `${Math.round((step.users / prev) * 100)} %`]) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    return row;
  }));
}

async function main() {
  const range = document.getElementById('range');
  try {
    const answer = await fetch('/admin/analytics/data', { credentials: 'same-origin', cache: 'no-store' });
    if (!answer.ok) throw new Error(`the data answered ${answer.status}`);
    const s = await answer.json();
    const fmt = (ms) => new Date(ms).toISOString().slice(0, 10);
    range.textContent = `${fmt(s.days[0])} to ${fmt(s.days[s.days.length - 1])} (UTC days)`;
    lineChart(document.getElementById('dau'), 'Daily active users', s.days, s.dailyActiveUsers, '#3b5bdb');
    lineChart(document.getElementById('messages'), 'Messages per day', s.days, s.messagesPerDay, '#2b8a3e');
    barChart(document.getElementById('subscriptions'), 'Subscribers', s.subscriptions.map((b) => b.name), s.subscriptions.map((b) => b.subscribers), '#e8590c');
    barChart(document.getElementById('funnel'), 'Users', ['Login', 'OTP', 'Onboarding'], s.funnel.map((f) => f.users), '#7048e8');
    fillFunnelTable(s.funnel);
    document.body.dataset.ready = 'true';
  } catch (err) {
    range.textContent = `Could not load the figures: ${err instanceof Error ? err.message : String(err)}`;
    range.className = 'error';
  }
}

void main();
