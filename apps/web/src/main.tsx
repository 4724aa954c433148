// First, so the catalogue download starts before the rest of the app is evaluated.
import { i18nReady } from './i18n/i18n';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { installErrorCapture } from './features/client-logs';

// Uncaught errors and unhandled rejections go to the local error log (spec S0.2.26).
installErrorCapture();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

// The router already loads the first route's code meanwhile; the first render waits for its texts.
void i18nReady.then(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
