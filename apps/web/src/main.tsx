import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/fraunces/wght.css';
// Only the Mantine styles of the page frame and the home page; the rest load with the first lazy screen.
import './styles/mantine-first.css';
import './styles/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
