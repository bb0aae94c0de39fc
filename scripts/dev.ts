// `npm run dev`: the reference server on PORT (8080) and Vite's dev server with hot reload,
// which proxies /api and /version.json to it (vite.config.ts). Open the Vite URL it prints.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const env = { ...process.env, PORT: port, API_URL: `http://127.0.0.1:${port}` };
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => { for (const c of children) c.kill('SIGTERM'); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { if (code !== 0 && code !== null) { stop(); process.exitCode = code; } });
