import { describe, expect, it } from 'vitest';
import { qrTarget } from '../../../src/domain/qr-link';

const ORIGIN = 'https://app.example.in';
const KNOWN = new Set(['/home', '/engage', '/feed', '/bot-info']);
const BOT = '1000000000000004';

describe('what a scanned QR code may open (issue 18)', () => {
  it('opens a bare 16-digit bot id, and the app\'s chat and botId links, as that bot', () => {
    expect(qrTarget(` ${BOT}\n`, ORIGIN, KNOWN)).toEqual({ kind: 'bot', botUuid: BOT });
    expect(qrTarget(`${ORIGIN}/chat/${BOT}`, ORIGIN, KNOWN)).toEqual({ kind: 'bot', botUuid: BOT });
    expect(qrTarget(`${ORIGIN}/?botId=${BOT}`, ORIGIN, KNOWN)).toEqual({ kind: 'bot', botUuid: BOT });
  });

  it('opens a known screen of this app with its query', () => {
    expect(qrTarget(`${ORIGIN}/bot-info?bot=${BOT}`, ORIGIN, KNOWN)).toEqual({ kind: 'app', path: '/bot-info', search: { bot: BOT } });
    expect(qrTarget(`${ORIGIN}/engage/`, ORIGIN, KNOWN)).toEqual({ kind: 'app', path: '/engage', search: {} });
  });

  it('shows, never opens, anything else', () => {
    const others = [
      'hello there',
      '100000000000000', // 15 digits
      '10000000000000041', // 17 digits
      `https://evil.example/chat/${BOT}`,
      'https://app.example.in.evil.example/home',
      'http://app.example.in/home', // another scheme
      'https://app.example.in:8443/home', // another port
      `https://user:pw@app.example.in/chat/${BOT}`,
      'javascript:alert(1)',
      `data:text/html,<script>alert(1)</script>`,
      `${ORIGIN}/unknown-screen`,
      `${ORIGIN}/chat/12345`,
      `${ORIGIN}/?botId=12`,
    ];
    for (const text of others) expect(qrTarget(text, ORIGIN, KNOWN)).toEqual({ kind: 'other', text: text.trim() });
  });
});
