// The composition root: providers around the router.
import { RouterProvider } from 'react-router';
import { AppProviders, type PathSource } from './AppProviders';
import { createAppRouter } from './routes/router';

const router = createAppRouter();
const navigate = (path: string) => {
  void router.navigate(path);
};
// antd's providers follow the router's path (src/AppProviders.tsx: none on the sign-in pages)
const path: PathSource = {
  subscribe: (onChange) => router.subscribe(() => onChange()),
  pathname: () => router.state.location.pathname,
};

/** Resolves once the router has matched the first location and loaded its route's module. */
export function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export function App() {
  return (
    <AppProviders navigate={navigate} path={path}>
      <div data-testid="app-root" className="app-root">
        <RouterProvider router={router} />
      </div>
    </AppProviders>
  );
}
