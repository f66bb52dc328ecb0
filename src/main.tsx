import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './app.css';
import { currentLocale } from './i18n/i18n';
import { loadServerKeys } from './i18n/language';

// The administrators' texts overlay the bundled ones as soon as they arrive.
void loadServerKeys(currentLocale()).catch(() => 0);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
