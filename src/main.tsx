// Boot: open the database and start the sync engine (src/db/README.md), then render. Until then
// index.html shows the logo; if the database cannot open (storage blocked, private mode on an
// old browser), a short notice in the stored language (English by default) explains it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DatabaseProvider, startClient } from './db/ui-surface';
import { App } from './app/app';
import { BootFailure } from './app/boot-failure';
import { preloadForBoot } from './app/boot-preload';
import './styles/base.css';

const root = createRoot(document.getElementById('root')!);

preloadForBoot();

startClient().then(
  (client) => {
    root.render(
      <StrictMode>
        <DatabaseProvider client={client}>
          <App />
        </DatabaseProvider>
      </StrictMode>,
    );
  },
  (err: unknown) => {
    console.error('could not start the data client', err);
    root.render(<BootFailure />);
  },
);
