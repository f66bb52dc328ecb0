// The root error boundary: a failing route shows the error view (loaded on demand, so antd's
// Result stays out of the first page) with the error's message and a way back; a 404 response
// shows the not-found view.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { RootErrorBoundary } from './RootLayout';

function renderFailing(loader: () => never) {
  const router = createMemoryRouter([{ path: '/', loader, element: <div />, ErrorBoundary: RootErrorBoundary }], { initialEntries: ['/'] });
  return render(<RouterProvider router={router} />);
}

describe('root error boundary', () => {
  it('a thrown error shows the error view with its message and the way back', async () => {
    renderFailing(() => {
      throw new Error('boom at the loader');
    });
    const view = await screen.findByTestId('route-error');
    expect(view).toHaveTextContent('页面出错了');
    expect(view).toHaveTextContent('boom at the loader');
    expect(view).toHaveClass('ant-result');
    expect(screen.getByRole('button')).toHaveTextContent('重新加载');
  });

  it('a 404 response shows the not-found view', async () => {
    renderFailing(() => {
      throw new Response('', { status: 404 });
    });
    const view = await screen.findByTestId('not-found');
    expect(view).toHaveTextContent('页面不存在');
    expect(view).toHaveClass('ant-result-404');
  });
});
