// First: zod must know it may not compile parsers before any schema is made.
import './lib/zod-jitless';
// Mantine's styles for the first screens only: the sign-in pages, the page loader, the message
// dialogs and the logout screen (the router's error fallback). Every other route loads the full
// stylesheet before it renders (`withFullStyles` in app/router.tsx), which keeps 250 KB of CSS
// off a phone's first visit to /login. Keep Mantine's own order (that of styles.css), and add
// a component here when a sign-in page starts to use it: e2e/tests/delivery.spec.ts fails on a
// Mantine class of /login that has no rule.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { watchPreloadErrors } from './lib/chunk-load-error';
import { watchInstallPrompt } from './lib/install-offer';
import { watchPendingLogout } from './lib/pending-logout';

// A page's code or CSS that fails to download shows the reload panel, not a sign-out.
watchPreloadErrors();
// The browser's install offer may come before any page is drawn (issue 29).
watchInstallPrompt();
// A sign-out made with no signal is finished with the server first (lib/pending-logout.ts).
watchPendingLogout();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const root = createRoot(container);
// Issue 29, a phone's first seconds. The app starts after the browser has painted index.html's
// "Loading…" (the next frame), not before: with the scripts already downloaded (a preload, a
// cache) they would otherwise run first and the screen would stay blank until the page is
// drawn. And it draws in a transition, in slices of a few milliseconds, so the phone can answer
// a tap in between instead of waiting for one long task.
requestAnimationFrame(() => {
  setTimeout(() => {
    startTransition(() => {
      root.render(
        <StrictMode>
          <AppProvider>
            <AppRouter />
          </AppProvider>
        </StrictMode>,
      );
    });
  }, 0);
});
