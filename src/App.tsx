// The composition root: providers around the router.
import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { createAppRouter } from './routes/router';

const router = createAppRouter();
const navigate = (path: string) => {
  void router.navigate(path);
};

export function App() {
  return (
    <AppProviders navigate={navigate}>
      <div data-testid="app-root" className="app-root">
        <RouterProvider router={router} />
      </div>
    </AppProviders>
  );
}
