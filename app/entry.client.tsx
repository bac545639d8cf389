// Hydration (React Router's default client entry), with the page token on the router's loader data fetches.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { withPageToken } from './components/site/page-token-fetch';

// A client navigation fetches the next page's loader data (`*.data`) with the global fetch and no header of ours; the
// daily limit counts loader data like the data API unless our page's token comes with it (decision 184).
window.fetch = withPageToken(window.fetch.bind(window));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
